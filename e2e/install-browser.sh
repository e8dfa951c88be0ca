#!/bin/sh
# Installs Debian's Chromium for the browser tests when it is missing. Never downloads Playwright's own browsers.
set -eu
export DEBIAN_FRONTEND=noninteractive
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  apt-get update && apt-get install -y chromium
else
  sudo apt-get update && sudo apt-get install -y chromium
fi
