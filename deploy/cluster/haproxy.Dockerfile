# HAProxy for deploy/cluster/compose.yaml: Debian's haproxy package (2.6 LTS in bookworm) on
# the same base as the server's image, rather than the official haproxy image: the version
# that `haproxy -c` checked the shipped haproxy.cfg with, its security fixes from Debian's
# archive with the rest of the system, and nothing fetched from outside Debian's mirrors.
#
#   docker build -f deploy/cluster/haproxy.Dockerfile -t loyang-haproxy deploy/cluster
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends haproxy \
 && rm -rf /var/lib/apt/lists/*
COPY haproxy.cfg /etc/haproxy/haproxy.cfg
# Refuse to build an image whose configuration HAProxy would refuse.
RUN haproxy -c -q -f /etc/haproxy/haproxy.cfg
# Ports above 1024 only, so it needs no root and no capability.
USER haproxy
EXPOSE 8080 8404
# SIGUSR1: a soft stop (stop accepting, let connections end; haproxy.cfg's hard-stop-after
# bounds the wait). SIGTERM would cut every connection at once.
STOPSIGNAL SIGUSR1
# -W: master-worker (SIGUSR2 reloads the configuration); -db: in the foreground.
ENTRYPOINT ["/usr/sbin/haproxy", "-W", "-db", "-f", "/etc/haproxy/haproxy.cfg"]
