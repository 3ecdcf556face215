//! Who a request comes from, for the server's shares: a browser, by the
//! identity its cookie holds, at its address. A class behind one address
//! (a lab's NAT, a proxy) is forty browsers, each with its own share of
//! games, streams and engine time; the address keeps only a ceiling
//! sized for a class, since a client can make up identities. A client
//! that sends no cookie (a script, a browser's first request) is its
//! address alone.
//!
//! An address is its IPv4 address, or the /64 of its IPv6 one, since one
//! host (or one home) is given a whole /64 and could otherwise take a
//! share for every address in it.

use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::net::{IpAddr, Ipv6Addr};
use std::str::FromStr;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use super::secret::secret;

/// The cookie a browser's identity is kept in.
pub(super) const COOKIE: &str = "congo";

/// A visitor: its address, and its browser's identity if it sent one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Visitor {
    pub address: IpAddr,
    pub browser: Option<u128>,
}

impl Visitor {
    /// The visitor at `address` whose request sent `cookie` (the whole
    /// `Cookie` header); one whose cookie holds no identity is its address.
    pub fn of(address: IpAddr, cookie: Option<&str>) -> Visitor {
        let browser = cookie.and_then(|cookie| {
            cookie
                .split(';')
                .filter_map(|pair| pair.trim().split_once('='))
                .find(|(name, _)| *name == COOKIE)
                .and_then(|(_, value)| identity(value))
        });
        Visitor {
            address: share(address),
            browser,
        }
    }

    /// A `Set-Cookie` value that gives a browser an identity of its own:
    /// hidden from scripts, never sent by another site's page, kept a
    /// year; sent back over HTTPS only where the browser came by it.
    pub fn new_cookie(secure: bool) -> String {
        let secure = if secure { "; Secure" } else { "" };
        format!(
            "{COOKIE}={:032x}; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000{secure}",
            fresh()
        )
    }
}

/// A new identity: a count hashed under a key drawn once from the
/// system's random source, so that identities cannot be foretold, and a
/// script's every request (which keeps no cookie and is given one each
/// time) costs no read of the random source.
fn fresh() -> u128 {
    static KEY: OnceLock<(u64, u64)> = OnceLock::new();
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let &(one, two) = KEY.get_or_init(|| {
        let key = u128::from_str_radix(&secret(16), 16).unwrap_or_default();
        (key as u64, (key >> 64) as u64)
    });
    let count = COUNT.fetch_add(1, Ordering::Relaxed);
    let half = |key: u64| {
        let mut hasher = DefaultHasher::new();
        (key, count).hash(&mut hasher);
        hasher.finish() as u128
    };
    half(one) << 64 | half(two)
}

/// The identity a cookie's value holds: 32 hexadecimal digits.
fn identity(value: &str) -> Option<u128> {
    let digits = value.len() == 32 && value.bytes().all(|byte| byte.is_ascii_hexdigit());
    digits
        .then(|| u128::from_str_radix(value, 16).ok())
        .flatten()
}

/// The address whose share a client at `ip` takes.
pub(super) fn share(ip: IpAddr) -> IpAddr {
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

/// `ADDRESS`, or `ADDRESS#IDENTITY` for a browser (as a game's journal
/// keeps its maker).
impl fmt::Display for Visitor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.browser {
            Some(browser) => write!(f, "{}#{browser:032x}", self.address),
            None => write!(f, "{}", self.address),
        }
    }
}

impl FromStr for Visitor {
    type Err = ();

    fn from_str(text: &str) -> Result<Visitor, ()> {
        let (address, browser) = match text.split_once('#') {
            Some((address, browser)) => (address, Some(identity(browser).ok_or(())?)),
            None => (text, None),
        };
        let address = address.parse().map_err(|_| ())?;
        Ok(Visitor { address, browser })
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
        assert_eq!(share(one), share(other));
        assert_ne!(share(one), share(elsewhere));
        assert_eq!(share(one), "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        let mapped: IpAddr = "::ffff:127.0.0.5".parse().unwrap();
        assert_eq!(share(mapped), "127.0.0.5".parse::<IpAddr>().unwrap());
        let v4: IpAddr = "127.0.0.9".parse().unwrap();
        assert_eq!(share(v4), v4);
    }

    #[test]
    fn a_browser_is_told_apart_by_its_cookie_and_a_script_by_its_address() {
        let address: IpAddr = "10.1.2.3".parse().unwrap();
        let one = "congo=000102030405060708090a0b0c0d0e0f";
        let visitor = Visitor::of(address, Some(&format!("theme=dark; {one}")));
        assert_eq!(visitor.browser, Some(0x000102030405060708090a0b0c0d0e0f));
        assert_eq!(visitor.address, address);
        let other = Visitor::of(address, Some("congo=ffffffffffffffffffffffffffffffff"));
        assert_ne!(visitor, other);
        for cookie in [
            None,
            Some("congo=short"),
            Some("congo=zz0102030405060708090a0b0c0d0e0f"),
            Some("other=000102030405060708090a0b0c0d0e0f"),
        ] {
            assert_eq!(Visitor::of(address, cookie).browser, None, "{cookie:?}");
        }
        assert_ne!(Visitor::new_cookie(false), Visitor::new_cookie(false));
        assert!(Visitor::new_cookie(true).ends_with("; Secure"));
        let made = Visitor::new_cookie(false);
        let value = made.split(';').next().unwrap();
        assert!(
            Visitor::of(address, Some(value)).browser.is_some(),
            "{made}"
        );
        assert!(made.contains("HttpOnly") && made.contains("SameSite=Strict"));
    }

    #[test]
    fn a_visitor_is_written_and_read_back_as_a_journal_keeps_it() {
        let address: IpAddr = "2001:db8::".parse().unwrap();
        for browser in [None, Some(7), Some(u128::MAX)] {
            let visitor = Visitor { address, browser };
            assert_eq!(visitor.to_string().parse(), Ok(visitor));
        }
        assert_eq!(
            "127.0.0.1".parse(),
            Ok(Visitor {
                address: [127, 0, 0, 1].into(),
                browser: None
            })
        );
        for bad in [
            "",
            "x",
            "127.0.0.1#",
            "127.0.0.1#12",
            "#00000000000000000000000000000001",
        ] {
            assert_eq!(bad.parse::<Visitor>(), Err(()), "{bad}");
        }
    }
}
