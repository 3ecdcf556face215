#!/usr/bin/env bash
# congo serve behind a real nginx with TLS (a self-signed certificate), as
# docs/serve.md sets it up: a friend game with a watcher played through
# it over HTTPS, its moves reaching both other pages through unbuffered
# event streams; and visitors told apart by the address nginx forwards,
# whatever they claim themselves. Run after `cargo build` (`.ci/run` does);
# CONGO names the binary, by default debug/congo under CARGO_TARGET_DIR,
# else under target.
set -euo pipefail
cd "$(dirname "$0")/../.."
congo=${CONGO:-${CARGO_TARGET_DIR:-target}/debug/congo}
work=$(mktemp -d)
chmod 755 "$work"
pids=()
finish() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap finish EXIT
fail() { echo "nginx.sh: $*" >&2; exit 1; }

# congo, on a free port, trusting the proxy's address only.
"$congo" serve --port 0 --data "$work/data" --trusted-proxy 127.0.0.1 2>"$work/congo.err" &
pids+=($!)
for _ in $(seq 600); do grep -q 'http://' "$work/congo.err" && break; sleep 0.1; done
upstream=$(sed -n 's|^congo serve: http://\(.*\)/$|\1|p' "$work/congo.err")
[ -n "$upstream" ] || fail "congo did not start: $(cat "$work/congo.err")"

# nginx on 127.0.0.2 with TLS, in front of it.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
    -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.2", 0)); print(s.getsockname()[1])')
cat >"$work/nginx.conf" <<CONF
user $(id -un);
daemon off;
pid $work/nginx.pid;
error_log $work/nginx.err;
events {}
http {
    access_log off;
    client_body_temp_path $work/body;
    proxy_temp_path $work/proxy;
    server {
        listen 127.0.0.2:$port ssl http2;
        ssl_certificate     $work/cert.pem;
        ssl_certificate_key $work/key.pem;
        location / {
            proxy_pass http://$upstream;
            proxy_http_version 1.1;
            proxy_set_header Host \$http_host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto \$scheme;
            proxy_set_header Connection "";
            proxy_buffering off;
            proxy_read_timeout 1h;
        }
    }
}
CONF
nginx -c "$work/nginx.conf" -p "$work" &
pids+=($!)
board="https://127.0.0.2:$port"
for _ in $(seq 600); do curl -skf "$board/" >/dev/null && break; sleep 0.1; done
page=$(curl -sk "$board/")
grep -q '<script type="module" src="/app.js">' <<<"$page" || fail "no page through nginx: $page"
# Over HTTPS, the browser's identity is sent back over HTTPS only.
head=$(curl -skI "$board/style.css")
grep -qi '^set-cookie: congo=.*; Secure' <<<"$head" || fail "no Secure cookie over HTTPS: $head"

# From the client at 127.0.0.N.
from() { local host=$1; shift; curl -sk --interface "127.0.0.$host" "$@"; }
# As a browser posts: JSON, from the board's own page.
json=(-H 'Content-Type: application/json' -H "Origin: $board")
field() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }

# A friend game: made at .3, the friend at .4, a watcher at .5.
fen='3l3/7/7/7/7/3P3/3L3 w 0'
made=$(from 3 "${json[@]}" -d "{\"fen\": \"$fen\", \"white\": \"me\", \"black\": \"friend\"}" "$board/api/games")
id=$(field "['id']" <<<"$made")
key=$(field "['key']" <<<"$made")
friend=$(field "['links']['friend'].split('key=')[1]" <<<"$made")
from 4 -N "$board/api/games/$id/events?key=$friend" >"$work/friend.events" &
pids+=($!)
from 5 -N "$board/api/games/$id/events" >"$work/watcher.events" &
pids+=($!)
sleep 1
move=$(printf '1\n%s\n' "$fen" | "$congo" moves | cut -d' ' -f1)
answer=$(from 3 "${json[@]}" -d "{\"key\": \"$key\", \"move\": \"$move\"}" "$board/api/games/$id/move")
grep -q "\"$move\"" <<<"$answer" || fail "the move was not played: $answer"
# Both other pages see it while their streams stay open: nothing buffered.
for page in friend watcher; do
    seen=
    for _ in $(seq 600); do
        if grep -q "\"moves\":\[\"$move\"\]" "$work/$page.events"; then seen=1; break; fi
        sleep 0.1
    done
    [ -n "$seen" ] || fail "the $page's page never saw $move: $(tail -c 300 "$work/$page.events")"
done
reply=$(from 4 "${json[@]}" -d "{\"key\": \"$friend\", \"move\": \"d7d6\"}" "$board/api/games/$id/move")
grep -q '"d7d6"' <<<"$reply" || fail "the friend's move was not played: $reply"

# Visitors are the addresses nginx saw, whatever they write themselves.
games_made() {
    local host=$1 claimed=$2 count=0
    for _ in $(seq 17); do
        status=$(from "$host" -o /dev/null -w '%{http_code}' "${json[@]}" -H "X-Forwarded-For: $claimed" \
            -d "{\"fen\": \"$fen\", \"white\": \"me\", \"black\": \"me\"}" "$board/api/games")
        [ "$status" = 200 ] || break
        count=$((count + 1))
    done
    echo "$count"
}
# .6 claims each time to be another; it is still .6: 16 games, then no more.
[ "$(games_made 6 203.0.113.1)" = 16 ] || fail ".6 was not held to its share"
[ "$(games_made 6 203.0.113.2)" = 0 ] || fail "a claimed address was believed"
# .7 is another visitor, with a share of its own.
[ "$(games_made 7 203.0.113.1)" = 16 ] || fail ".7 was counted with .6"
echo "nginx.sh: a friend game and a watcher over HTTPS through nginx; visitors by forwarded address"
