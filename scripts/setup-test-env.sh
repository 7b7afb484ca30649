#!/usr/bin/env bash
# Installs what `npm test` needs that npm does not bring: Debian's Chromium for the browser
# end-to-end tests. Idempotent; runs as root on the Debian CI and developer machines.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "setup-test-env: /usr/bin/chromium is missing and this is not root; install Debian's chromium package." >&2
  exit 1
fi
echo "setup-test-env: installing Debian's chromium (first run only)…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
/usr/bin/chromium --version
