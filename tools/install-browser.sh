#!/bin/sh
# Install the browser the end-to-end tests drive: Debian's chromium package.
# Idempotent: does nothing when `chromium` is already on the PATH. Playwright's own browser
# download is never used (the machines reach package registries only).
set -eu

if command -v chromium >/dev/null 2>&1; then
    echo "install-browser: chromium already installed: $(command -v chromium)"
    exit 0
fi

if [ "$(id -u)" != "0" ]; then
    echo "install-browser: chromium is missing and we are not root; the browser tests will skip." >&2
    echo "install-browser: as root run: apt-get update && apt-get install -y chromium" >&2
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: chromium is missing and there is no apt-get; the browser tests will skip." >&2
    exit 0
fi

echo "install-browser: installing Debian's chromium with apt-get"
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
echo "install-browser: installed $(command -v chromium)"
