#!/bin/sh
# Installs Debian's HAProxy for the balancer test (apps/api/src/balancer.test.ts) when it is missing.
set -eu
export DEBIAN_FRONTEND=noninteractive
if [ -x /usr/sbin/haproxy ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  apt-get update && apt-get install -y haproxy
else
  sudo apt-get update && sudo apt-get install -y haproxy
fi
