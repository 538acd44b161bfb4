"""Outbound HTTP to addresses players give us (webhooks, Web Push endpoints): checked, pinned, bounded.

A destination is checked twice: its URL when it is registered (:func:`url_problem`), and the
addresses its host resolves to when something is sent (:func:`pinned_session`). The
connection then goes to exactly the address that was checked: the name is not resolved a
second time, so it cannot be re-pointed between the check and the connect (DNS rebinding),
while TLS still verifies the certificate for the name (SNI) and the Host header keeps it.

Special-purpose addresses (loopback, private, link-local, CGNAT, multicast, reserved,
documentation, IPv4-mapped and IPv4-compatible IPv6, NAT64, 6to4, Teredo, ...) are refused in
every mode, DEBUG included; ``STARPOST_OUTBOUND_ALLOW`` names the networks that local testing
may reach anyway (e.g. ``127.0.0.1/32``), and only those may be reached over plain http.
Redirects are never followed, proxies from the environment are not used, and every call has
short connect and read timeouts.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import requests
from django.conf import settings
from requests.adapters import HTTPAdapter

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

_V4_SPECIAL = [
    ipaddress.ip_network(n)
    for n in (
        "0.0.0.0/8",  # "this network"
        "10.0.0.0/8",
        "100.64.0.0/10",  # carrier-grade NAT
        "127.0.0.0/8",
        "169.254.0.0/16",  # link-local, cloud metadata services
        "172.16.0.0/12",
        "192.0.0.0/24",  # IETF protocol assignments
        "192.0.2.0/24",  # documentation
        "192.31.196.0/24",
        "192.52.193.0/24",
        "192.88.99.0/24",  # 6to4 relay anycast
        "192.168.0.0/16",
        "192.175.48.0/24",
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, and the broadcast address
    )
]
# Only global unicast (2000::/3) may be reached; this puts out of reach the unspecified and
# loopback addresses, IPv4-mapped (::ffff:0:0/96) and IPv4-compatible (::/96, e.g. ::7f00:1)
# forms, NAT64 (64:ff9b::/96, 64:ff9b:1::/48), discard, unique-local, link-local and multicast.
_V6_GLOBAL = ipaddress.ip_network("2000::/3")
_V6_SPECIAL = [
    ipaddress.ip_network(n)
    for n in (
        "2001::/23",  # IETF protocol assignments, Teredo (2001::/32) among them
        "2001:db8::/32",  # documentation
        "2002::/16",  # 6to4: an IPv4 address inside
        "3fff::/20",  # documentation
        "5f00::/16",  # segment routing
    )
]

_PRIVATE_SUFFIXES = (".localhost", ".local", ".internal", ".lan", ".home.arpa", ".localdomain")


class DestinationRefused(Exception):
    """A destination the server does not send to (a special-purpose address, a bad URL)."""


def special(ip: Address) -> bool:
    """Whether ``ip`` is anything but an ordinary public unicast address."""
    if ip.version == 4:
        return not ip.is_global or any(ip in net for net in _V4_SPECIAL)
    return ip not in _V6_GLOBAL or any(ip in net for net in _V6_SPECIAL) or not ip.is_global


def _allowed_networks() -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    return [ipaddress.ip_network(n, strict=False) for n in settings.STARPOST_OUTBOUND_ALLOW]


def allowed(ip: Address) -> bool:
    """Whether the server may connect to ``ip``: public, or in STARPOST_OUTBOUND_ALLOW."""
    return not special(ip) or any(ip.version == net.version and ip in net for net in _allowed_networks())


def _literal(host: str) -> Address | None:
    try:
        return ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return None


def url_problem(url: object) -> str | None:
    """Why the server must not send to this user-given URL, or None if it may.

    https to a public host; a literal address must be public or allowed by
    STARPOST_OUTBOUND_ALLOW, and only such an allowed address may take plain http."""
    if not isinstance(url, str) or not url:
        return "is required"
    if len(url) > 1000:
        return "is longer than 1000 characters"
    if any(c.isspace() for c in url) or "\x00" in url:
        return "is not a URL"
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (raises ValueError on a bad port)
    except ValueError:
        return "is not a URL"
    if parts.scheme not in ("https", "http"):
        return "must be an https:// URL"
    host = (parts.hostname or "").lower()
    if not host:
        return "has no host"
    if parts.username is not None or parts.password is not None:
        return "must not carry a user name or password"
    ip = _literal(host)
    if ip is not None:
        if not allowed(ip):
            return "must point to a public host"
        if parts.scheme == "http" and not special(ip):
            return "must be an https:// URL"
        return None
    if parts.scheme != "https":
        return "must be an https:// URL"
    # A single-label name ("redis", "db") resolves through search domains to internal hosts.
    if "." not in host.strip(".") or host.endswith(_PRIVATE_SUFFIXES) or host == "localhost":
        return "must point to a public host"
    return None


def resolve(host: str, port: int) -> Address:
    """The address to connect to for ``host``, checked: every address the name has now must
    be allowed (a name that also points inside is refused whole)."""
    ip = _literal(host)
    if ip is not None:
        found = [ip]
    else:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
        except OSError as exc:
            raise DestinationRefused(f"cannot resolve {host}: {exc}") from exc
        found = [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos]
        if not found:
            raise DestinationRefused(f"{host} has no address")
    for address in found:
        if not allowed(address):
            raise DestinationRefused(f"{host} resolves to a private or special-purpose address; not sent")
    return found[0]


def timeouts() -> tuple[float, float]:
    """(connect, read) seconds for every outbound call."""
    return (
        float(settings.STARPOST_OUTBOUND_CONNECT_TIMEOUT_SECONDS),
        float(settings.STARPOST_OUTBOUND_READ_TIMEOUT_SECONDS),
    )


class PinnedAdapter(HTTPAdapter):
    """Sends to one host only, connecting to the address that was checked for it."""

    def __init__(self, host: str, port: int, ip: Address) -> None:
        self.host, self.port, self.ip = host, port, ip
        super().__init__(max_retries=0)

    def send(
        self,
        request: requests.PreparedRequest,
        stream: bool = False,
        timeout: float | tuple[float | None, float | None] | None = None,
        verify: bool | str = True,
        cert: str | tuple[str, str] | None = None,
        proxies: dict[str, str] | None = None,
    ) -> requests.Response:
        parts = urlsplit(request.url or "")
        port = parts.port or (443 if parts.scheme == "https" else 80)
        if (parts.hostname or "").lower() != self.host or port != self.port:
            raise DestinationRefused(f"{parts.hostname} is not the destination that was checked")
        netloc = f"[{self.ip}]:{port}" if self.ip.version == 6 else f"{self.ip}:{port}"
        request.headers["Host"] = parts.netloc.rpartition("@")[2]
        request.url = urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))
        return super().send(
            request, stream=stream, timeout=timeout, verify=verify, cert=cert, proxies=proxies
        )

    def build_connection_pool_key_attributes(
        self, request: requests.PreparedRequest, verify: Any, cert: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        host_params, pool_kwargs = super().build_connection_pool_key_attributes(request, verify, cert)
        if host_params.get("scheme") == "https" and _literal(self.host) is None:
            # The certificate is checked for the name, and the name is sent in the handshake.
            pool_kwargs["server_hostname"] = self.host
            pool_kwargs["assert_hostname"] = self.host
        return host_params, pool_kwargs


class PinnedSession(requests.Session):
    """A session bound to one checked destination: no redirects, no proxies, short timeouts."""

    def __init__(self, host: str, port: int, ip: Address) -> None:
        super().__init__()
        self.trust_env = False  # no proxy or .netrc from the environment
        adapter = PinnedAdapter(host, port, ip)
        self.mount("https://", adapter)
        self.mount("http://", adapter)
        self.ip = ip

    def send(self, request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:
        # Whatever the caller (a library such as pywebpush) asked for.
        kwargs["allow_redirects"] = False
        kwargs["timeout"] = timeouts()
        return super().send(request, **kwargs)


def pinned_session(url: str) -> PinnedSession:
    """A session that can reach ``url``'s host only, at the address checked now."""
    problem = url_problem(url)
    if problem:
        raise DestinationRefused(f"url {problem}")
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return PinnedSession(host, port, resolve(host, port))


def network_error(url: str, exc: Exception) -> str:
    """A network failure without the URL's path, which may hold a token (Discord's does)."""
    return f"{type(exc).__name__} talking to {urlsplit(url).hostname}"
