#!/usr/bin/env bash
# One Apache Kafka broker (KRaft, a single node that is broker and controller) for the tests, from
# the Maven artifacts in pom.xml: no Docker, no download other than Maven's.
#
#   broker.sh start [RUN_DIR]   resolves the jars (cached in target/lib), formats a fresh storage
#                               directory, starts the broker on free loopback ports and waits until
#                               it listens; prints KAFKA_BROKERS=127.0.0.1:PORT and RUN_DIR=... last
#   broker.sh stop RUN_DIR      stops that broker and removes its directory
#   broker.sh jars              only resolves the jars (CI warms the cache with it)
#
# With KAFKA_TEST_OWNER_PID set, the broker is stopped when that process ends.
#
# Anything that goes wrong ends with a line "kafka-test: ..." on stderr and exit code 1.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
LIB="$HERE/target/lib"
STAMP="$HERE/target/lib.pom-sha"

fail() { echo "kafka-test: $*" >&2; exit 1; }

resolve_jars() {
  command -v java >/dev/null 2>&1 || fail "no java on PATH (Java 17 runs the test broker)"
  local sha
  sha="$(sha256sum "$HERE/pom.xml" | cut -d' ' -f1)"
  if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$sha" && -n "$(ls "$LIB" 2>/dev/null)" ]]; then return; fi
  command -v mvn >/dev/null 2>&1 || fail "no mvn on PATH to resolve the broker's jars (install Maven, or set KAFKA_BROKERS)"
  rm -rf "$LIB"
  mkdir -p "$HERE/target"
  if ! mvn -B -q -f "$HERE/pom.xml" dependency:copy-dependencies -DoutputDirectory="$LIB" -DincludeScope=runtime >"$HERE/target/mvn.log" 2>&1; then
    tail -20 "$HERE/target/mvn.log" >&2 || true
    fail "Maven could not resolve the broker's jars (see above)"
  fi
  echo "$sha" >"$STAMP"
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# A Kafka cluster id: 16 random bytes, base64url without padding. One that starts with '-' is drawn
# again: the storage tool would read it as an option (1 start in 64 failed that way).
cluster_id() {
  local id
  while id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')" && [[ "$id" == -* ]]; do :; done
  printf '%s' "$id"
}

start() {
  resolve_jars
  local dir="${1:-}"
  if [[ -z "$dir" ]]; then dir="$(mktemp -d "${TMPDIR:-/tmp}/circuit-kafka-XXXXXX")"; fi
  mkdir -p "$dir/data"
  local port controller
  port="$(free_port)"
  controller="$(free_port)"
  while [[ "$controller" == "$port" ]]; do controller="$(free_port)"; done
  cat >"$dir/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller
advertised.listeners=PLAINTEXT://127.0.0.1:$port
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/data
num.partitions=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
group.min.session.timeout.ms=2000
auto.create.topics.enable=false
log.flush.interval.messages=9223372036854775807
num.network.threads=2
num.io.threads=2
background.threads=2
PROPS
  local java_opts=(-Xms128m -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true
    -Dlog4j2.configurationFile="$HERE/log4j2.xml" -Dkafka.test.log="$dir/broker.log")
  if ! java "${java_opts[@]}" -cp "$LIB/*" kafka.tools.StorageTool format -t "$(cluster_id)" -c "$dir/server.properties" >"$dir/format.log" 2>&1; then
    cat "$dir/format.log" >&2
    fail "formatting the KRaft storage in $dir failed (see above)"
  fi
  nohup java "${java_opts[@]}" -cp "$LIB/*" kafka.Kafka "$dir/server.properties" >"$dir/stdout.log" 2>&1 </dev/null &
  local pid=$!
  echo "$pid" >"$dir/pid"
  # KAFKA_TEST_OWNER_PID (the test runner): the broker never outlives it, even when it is killed.
  if [[ -n "${KAFKA_TEST_OWNER_PID:-}" ]]; then
    nohup bash -c "while kill -0 $KAFKA_TEST_OWNER_PID 2>/dev/null && kill -0 $pid 2>/dev/null; do sleep 2; done; kill $pid 2>/dev/null; sleep 20; kill -9 $pid 2>/dev/null; rm -rf '$dir'" >/dev/null 2>&1 </dev/null &
  fi
  echo "127.0.0.1:$port" >"$dir/brokers"
  # A loaded 2-core machine can take a while to start a JVM: wait up to KAFKA_TEST_START_TIMEOUT s.
  local deadline=$((SECONDS + ${KAFKA_TEST_START_TIMEOUT:-120}))
  until (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then
      tail -30 "$dir/stdout.log" "$dir/broker.log" >&2 2>/dev/null || true
      fail "the broker exited while starting (logs in $dir)"
    fi
    if ((SECONDS > deadline)); then
      kill "$pid" 2>/dev/null || true
      tail -30 "$dir/stdout.log" "$dir/broker.log" >&2 2>/dev/null || true
      fail "the broker did not listen on 127.0.0.1:$port within ${KAFKA_TEST_START_TIMEOUT:-120} s (logs in $dir)"
    fi
    sleep 0.2
  done
  echo "KAFKA_BROKERS=127.0.0.1:$port"
  echo "RUN_DIR=$dir"
}

stop() {
  local dir="${1:?stop needs the RUN_DIR that start printed}"
  if [[ -f "$dir/pid" ]]; then
    local pid
    pid="$(cat "$dir/pid")"
    if kill "$pid" 2>/dev/null; then
      # A clean shutdown takes a few seconds; past 20 s it is killed.
      for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
      kill -9 "$pid" 2>/dev/null || true
    fi
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start "${2:-}" ;;
  stop) stop "${2:-}" ;;
  jars) resolve_jars; echo "kafka-test: jars in $LIB" ;;
  *) echo "usage: $0 start [RUN_DIR] | stop RUN_DIR | jars" >&2; exit 2 ;;
esac
