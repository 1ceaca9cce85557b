#!/usr/bin/env bash
# Installs the Debian 12 packages the project builds, tests and runs with.
# Idempotent: installs only what is missing, so `make test` can call it every time.
# Used by the Makefile, .ci/run and the Dockerfile's build stage.
#   scripts/install-deps.sh            build + test packages (make test, make run, CI)
#   scripts/install-deps.sh --build    only what building the binaries needs (Docker build stage)
#   scripts/install-deps.sh --runtime  only the shared libraries the server needs at run time
set -euo pipefail

build_packages=(
  g++ make cmake ninja-build ccache pkg-config
  libboost1.81-dev nlohmann-json3-dev libspdlog-dev libsqlite3-dev libpq-dev libsodium-dev libcurl4-openssl-dev
  zlib1g-dev libbrotli-dev libhowardhinnant-date-dev tzdata
  libgoogle-perftools-dev catch2 curl ca-certificates libssl-dev
)
# The tests also drive a Python client, a real browser, nginx with a self-signed certificate
# from openssl (the TLS-proxy example), and run the fuzz targets briefly (fuzz/: clang with
# libFuzzer, whose runtime is in libclang-rt-14-dev), and a real SMTP server (aiosmtpd) that
# receives the notification e-mails, and a real PostgreSQL (initdb/pg_ctl in a temporary
# directory) for the PostgreSQL store; promtool (Debian's prometheus package) checks the
# monitoring examples (deploy/monitoring/); python3-yaml reads the deploy examples' backup jobs;
# python3-cryptography decrypts and checks Web Push messages in the push receiver
# (tests/support/push_receiver.py); python3-jsonschema checks the protocol's schemas and real
# traffic against them (protocol/schema/).
test_packages=(python3 python3-websockets python3-yaml python3-aiosmtpd python3-cryptography python3-jsonschema chromium nginx-light openssl clang libclang-rt-14-dev postgresql haproxy prometheus)
# libdate-tz3 reads the time zones of tzdata (e-mails give deadlines in the reader's zone);
# libssl3 holds libcrypto, which encrypts and signs Web Push messages (libssl-dev to build).
runtime_packages=(libspdlog1.10 libfmt9 libsqlite3-0 libpq5 libsodium23 libcurl4 zlib1g libbrotli1 libtcmalloc-minimal4
  libdate-tz3 tzdata curl ca-certificates libssl3)

mode=${1:-}
case "$mode" in
  "") packages=("${build_packages[@]}" "${test_packages[@]}") ;;
  --build) packages=("${build_packages[@]}") ;;
  --runtime) packages=("${runtime_packages[@]}") ;;
  *) echo "install-deps: unknown option $mode (use --build or --runtime)" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = "installed" ] || missing+=("$p")
done
# The browser tests (tests/web) need Node.js and npm; a node installed another way counts.
if [ -z "$mode" ]; then
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
