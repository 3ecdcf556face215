//! The proxies a server sits behind (`--trusted-proxy`). Behind nginx every
//! connection comes from nginx; only a proxy named here is believed when
//! it says whom it forwards for (`Forwarded`, else `X-Forwarded-For`),
//! since a client can write those headers too. The visitor is the last
//! address of the chain that no trusted proxy holds: what a trusted hop
//! saw, never what the client claimed before it.

use std::net::IpAddr;

use super::http::Headers;

/// The proxies whose word on a visitor's address is taken.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpAddr>);

impl TrustedProxies {
    /// The proxies at `addresses`.
    pub fn new(addresses: Vec<IpAddr>) -> TrustedProxies {
        TrustedProxies(addresses)
    }

    /// Whether a connection from `peer` comes from a trusted proxy.
    pub fn trusts(&self, peer: IpAddr) -> bool {
        self.0.contains(&unmapped(peer))
    }

    /// Whether a trusted proxy says the visitor reached it over HTTPS
    /// (`X-Forwarded-Proto: https`, or `proto=https` in the `Forwarded`
    /// element it added), so that its cookie is sent over HTTPS only.
    pub fn https(&self, peer: IpAddr, headers: &Headers) -> bool {
        let last_element = headers
            .forwarded
            .as_deref()
            .and_then(|list| list.rsplit(',').next());
        let proto = last_element
            .and_then(|element| parameter(element, "proto"))
            .map(|value| value.trim_matches('"'))
            .or(headers.forwarded_proto.as_deref());
        self.trusts(peer) && proto.is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
    }

    /// The address a request from `peer` with `headers` comes from.
    pub fn client(&self, peer: IpAddr, headers: &Headers) -> IpAddr {
        let peer = unmapped(peer);
        if !self.trusts(peer) {
            return peer;
        }
        let hops: Vec<&str> = match (&headers.forwarded, &headers.forwarded_for) {
            (Some(forwarded), _) => forwarded.split(',').map(forwarded_for).collect(),
            (None, Some(list)) => list.split(',').collect(),
            (None, None) => Vec::new(),
        };
        let mut client = peer;
        for hop in hops.iter().rev() {
            if !self.trusts(client) {
                break;
            }
            match address(hop) {
                Some(address) => client = address,
                None => break,
            }
        }
        client
    }
}

/// The `for=` value of one element of a `Forwarded` header, or `""`.
fn forwarded_for(element: &str) -> &str {
    parameter(element, "for").unwrap_or("")
}

/// The value of parameter `name` (`for`, `proto`, ...) of one element of
/// a `Forwarded` header, as written.
fn parameter<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    element
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(given, _)| given.eq_ignore_ascii_case(name))
        .map(|(_, value)| value)
}

/// The address a hop names: `1.2.3.4`, `1.2.3.4:80`, `2001:db8::1`,
/// `[2001:db8::1]:80`, any of them in quotes; `None` for `unknown`, an
/// obfuscated name or anything else.
fn address(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim().trim_matches('"');
    if let Some(bracketed) = hop.strip_prefix('[') {
        return bracketed.split_once(']')?.0.parse().ok().map(unmapped);
    }
    let hop = match hop.split_once(':') {
        Some((v4, port)) if !port.contains(':') => v4,
        _ => hop,
    };
    hop.parse().ok().map(unmapped)
}

/// An IPv4 address written as IPv6 (`::ffff:1.2.3.4`), as IPv4.
fn unmapped(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        IpAddr::V4(_) => address,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn headers(forwarded_for: Option<&str>, forwarded: Option<&str>) -> Headers {
        Headers {
            forwarded_for: forwarded_for.map(Into::into),
            forwarded: forwarded.map(Into::into),
            ..Headers::default()
        }
    }

    #[test]
    fn only_a_trusted_proxy_is_believed() {
        let proxies = TrustedProxies::new(vec![ip("10.0.0.1")]);
        let said = headers(Some("203.0.113.7"), None);
        assert_eq!(proxies.client(ip("10.0.0.1"), &said), ip("203.0.113.7"));
        assert_eq!(
            proxies.client(ip("::ffff:10.0.0.1"), &said),
            ip("203.0.113.7")
        );
        assert_eq!(
            proxies.client(ip("198.51.100.2"), &said),
            ip("198.51.100.2")
        );
        assert_eq!(
            TrustedProxies::default().client(ip("10.0.0.1"), &said),
            ip("10.0.0.1")
        );
        // Without a word, the proxy itself.
        assert_eq!(
            proxies.client(ip("10.0.0.1"), &headers(None, None)),
            ip("10.0.0.1")
        );
    }

    #[test]
    fn what_a_client_wrote_before_the_first_trusted_hop_is_not_believed() {
        let proxies = TrustedProxies::new(vec![ip("10.0.0.1"), ip("10.0.0.2")]);
        let chain = headers(Some("6.6.6.6, 203.0.113.7, 10.0.0.2"), None);
        assert_eq!(proxies.client(ip("10.0.0.1"), &chain), ip("203.0.113.7"));
        let garbled = headers(Some("6.6.6.6, not an address"), None);
        assert_eq!(proxies.client(ip("10.0.0.1"), &garbled), ip("10.0.0.1"));
    }

    #[test]
    fn https_is_believed_from_a_trusted_proxy_only() {
        let proxies = TrustedProxies::new(vec![ip("10.0.0.1")]);
        let told = |proto: Option<&str>, forwarded: Option<&str>| Headers {
            forwarded_proto: proto.map(Into::into),
            forwarded: forwarded.map(Into::into),
            ..Headers::default()
        };
        assert!(proxies.https(ip("10.0.0.1"), &told(Some("https"), None)));
        assert!(proxies.https(ip("10.0.0.1"), &told(None, Some("for=1.2.3.4;proto=https"))));
        assert!(!proxies.https(ip("10.0.0.1"), &told(Some("http"), None)));
        assert!(!proxies.https(ip("10.0.0.1"), &told(None, None)));
        assert!(!proxies.https(ip("10.0.0.2"), &told(Some("https"), None)));
    }

    #[test]
    fn forwarded_is_read_in_each_of_its_forms() {
        let proxies = TrustedProxies::new(vec![ip("10.0.0.1")]);
        for (given, seen) in [
            ("for=203.0.113.7", "203.0.113.7"),
            ("for=\"203.0.113.7:4711\";proto=https", "203.0.113.7"),
            ("For=\"[2001:db8::7]:4711\"", "2001:db8::7"),
            ("for=6.6.6.6, for=2001:db8::8;by=10.0.0.1", "2001:db8::8"),
            ("for=unknown", "10.0.0.1"),
            ("for=_hidden", "10.0.0.1"),
        ] {
            let said = headers(Some("6.6.6.6"), Some(given));
            assert_eq!(proxies.client(ip("10.0.0.1"), &said), ip(seen), "{given}");
        }
    }
}
