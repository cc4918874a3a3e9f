#!/usr/bin/env bash
# make cleanroom: runs CI where nothing of the project's was ever installed. Debootstraps a
# minimal Debian 12 (bookworm, variant minbase: the required packages and apt, not even make)
# into $ROOT, gives it what an installed Debian 12 has besides (the updates and security
# sources, /etc/hosts), clones this repository's HEAD into its /root/coin-api and runs COMMAND
# there, as root, with CI=true and an empty environment, in a chroot with mount and PID
# namespaces of its own: /proc, /sys, /dev/pts and /dev/shm are mounted for it alone, and every
# process it starts (PostgreSQL, nginx, the handlers) ends with it. It shares the host's
# network, for apt. Prints how long the command took and how many packages it installed.
#
#   scripts/test/clean-room.sh                                     bash .ci/run
#   scripts/test/clean-room.sh make bench VAR=/var/tmp/coin-bench  any other command
#
# Settings, from the environment:
#   ROOT=var/clean-room/rootfs   the root file system, made anew on every run
#   MIRROR=http://deb.debian.org/debian  SECURITY=http://deb.debian.org/debian-security
set -euo pipefail
source "$(dirname "$0")/../dev/lib.sh"

[ "$(id -u)" = 0 ] || die "the clean room needs root: debootstrap, chroot and namespaces"
[ $# -gt 0 ] || set -- bash .ci/run
mirror=${MIRROR:-http://deb.debian.org/debian}
security=${SECURITY:-http://deb.debian.org/debian-security}
rootfs=$(realpath -m "${ROOT:-$root_dir/var/clean-room/rootfs}")
log=$(dirname "$rootfs")/clean-room.log

# A run's mounts live in its own mount namespace and end with it; were one visible here all the
# same, removing the tree would reach into it.
! findmnt -rno TARGET | grep -q "^$rootfs/" || die "something is mounted below $rootfs"
rm -rf "$rootfs"
mkdir -p "$rootfs"

say "debootstrap: Debian 12 (minbase) into $rootfs"
debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$log" 2>&1 ||
  die "debootstrap failed, see $log"
cat >"$rootfs/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOF
cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
printf '127.0.0.1 localhost\n::1 localhost ip6-localhost ip6-loopback\n' >"$rootfs/etc/hosts"
# npm (make deps) trusts the certificate authorities the host trusts: a proxy on the way to the
# npm registry may sign with its own. apt needs none (its mirrors are plain HTTP, signed by Debian).
cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/host-ca-certificates.crt"
installed_packages() { chroot "$rootfs" dpkg-query -W -f='${db:Status-Status}\n' | grep -c '^installed$'; }
packages_before=$(installed_packages)

git clone --quiet "$root_dir" "$rootfs/root/coin-api"
say "clean room: $packages_before packages, commit $(git -C "$rootfs/root/coin-api" log -1 --format='%h %s')"
say "running: $*"

start=$SECONDS
status=0
# shellcheck disable=SC2016  # expanded by the shells inside
# The root is bound onto itself first: a chroot whose / is no mount point cannot make network
# namespaces (`ip netns add` makes / a slave mount: the scale tests' hosts).
unshare --mount --pid --fork --mount-proc="$rootfs/proc" /bin/bash -c '
    mount --rbind "$0" "$0" &&
    mount -t sysfs sysfs "$0/sys" && mount -t tmpfs -o mode=1777 tmpfs "$0/dev/shm" &&
    mount -t devpts -o newinstance,ptmxmode=0666 devpts "$0/dev/pts" &&
    mount --bind "$0/dev/pts/ptmx" "$0/dev/ptmx" &&
    exec chroot "$0" "$@"' "$rootfs" \
  /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root CI=true \
  NODE_EXTRA_CA_CERTS=/etc/host-ca-certificates.crt \
  /bin/bash -c 'cd /root/coin-api && exec "$@"' bash "$@" 2>&1 | tee -a "$log" || status=$?
elapsed=$((SECONDS - start))

packages_after=$(installed_packages)
say "clean room: '$*' exited with $status after $((elapsed / 60)) min $((elapsed % 60)) s;" \
    "it installed $((packages_after - packages_before)) packages (log: $log)"
exit "$status"
