# syntax=docker/dockerfile:1
# Build stage: the same install script as `make test` / `make build`, then a release build.
FROM debian:bookworm AS build
WORKDIR /src
COPY scripts/install-deps.sh scripts/install-deps.sh
RUN bash scripts/install-deps.sh --build && rm -rf /var/lib/apt/lists/*
COPY . .
RUN rm -rf build data \
 && cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release \
 && cmake --build build/release --target loyang-server loyang -j "$(nproc)" \
 && strip build/release/server/loyang-server build/release/tools/loyang

# Runtime stage: only the shared libraries the binaries need (and tzdata: the time zones mails
# write deadlines in, read through libdate-tz3), the binaries and the web client.
FROM debian:bookworm-slim
COPY scripts/install-deps.sh /tmp/install-deps.sh
RUN bash /tmp/install-deps.sh --runtime && rm -rf /var/lib/apt/lists/* /tmp/install-deps.sh \
 && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin loyang \
 && mkdir -p /data /backups && chown loyang:loyang /data /backups
COPY --from=build /src/build/release/server/loyang-server /src/build/release/tools/loyang /usr/local/bin/
COPY web /usr/local/share/loyang/web
ENV LOYANG_PORT=8080 \
    LOYANG_DATA=/data \
    LOYANG_WEB=/usr/local/share/loyang/web \
    LOYANG_LOG_LEVEL=info
USER loyang
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${LOYANG_PORT}/healthz" >/dev/null || exit 1
# Every connection takes a file descriptor. The server raises its soft limit to the hard one
# at start and logs it; an image cannot set the hard limit, the runtime does:
#   docker run --ulimit nofile=65536:65536 ...   (compose: ulimits: nofile: 65536)
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/loyang-server"]
