//! Who a client is, for the bounds kept by address: its IPv4 address, or
//! the /64 of its IPv6 one, since one host (or one home) is given a whole
//! /64 and could otherwise take a share for every address in it.

use std::net::{IpAddr, Ipv6Addr};

/// The address whose share a client at `ip` takes.
pub(super) fn visitor(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let [a, b, c, d, ..] = v6.segments();
                IpAddr::V6(Ipv6Addr::new(a, b, c, d, 0, 0, 0, 0))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_host_is_its_slash_64_and_a_mapped_ipv4_its_ipv4() {
        let one: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let other: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let elsewhere: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(visitor(one), visitor(other));
        assert_ne!(visitor(one), visitor(elsewhere));
        assert_eq!(visitor(one), "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        let mapped: IpAddr = "::ffff:127.0.0.5".parse().unwrap();
        assert_eq!(visitor(mapped), "127.0.0.5".parse::<IpAddr>().unwrap());
        let v4: IpAddr = "127.0.0.9".parse().unwrap();
        assert_eq!(visitor(v4), v4);
    }
}
