#!/usr/bin/env bash
# Runs the container commands of the Kubernetes jobs in this folder on this machine, the way
# the cluster would: the Indexed Job's command once per completion index (JOB_COMPLETION_INDEX
# 0..completions-1, with the manifest's env), all at once, with the shared volume `/runs` as a
# local folder, then the merge Job's command; then the same simulation unsplit, compared byte
# for byte. It checks the manifests' commands, env, shard arithmetic and the merge glob; it does
# not check Kubernetes itself (scheduling, the volume claim, the image). Needs python3 with
# PyYAML. Not part of CI.
#
#   cluster/k8s/test-local.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p cardsim-experiments
bin=$(mktemp -d "${TMPDIR:-/tmp}/cardsim-k8s-bin.XXXXXX")
ln -s "$root/target/release/cardsim" "$bin/cardsim"
export PATH="$bin:$PATH"
work=$(mktemp -d "${TMPDIR:-/tmp}/cardsim-k8s.XXXXXX")

# One shell script per container: the args with /runs moved to the local folder, the env.
python3 - "$root/cluster/k8s" "$work" <<'PY'
import sys, yaml, shlex, pathlib
k8s, work = pathlib.Path(sys.argv[1]), sys.argv[2]
def script(manifest, name):
    job = yaml.safe_load((k8s / manifest).read_text())
    spec = job["spec"]
    c = spec["template"]["spec"]["containers"][0]
    assert c["command"] == ["/bin/sh", "-c"], c["command"]
    assert c["volumeMounts"][0]["mountPath"] == "/runs"
    env = "".join(f"export {e['name']}={shlex.quote(e['value'])}\n" for e in c.get("env", []))
    body = c["args"][0].replace("/runs", f"{work}/runs")
    pathlib.Path(work, name).write_text(env + body + "\n")
    return spec
shards = script("simulate-indexed-job.yaml", "shard.sh")
assert shards["completionMode"] == "Indexed"
script("merge-job.yaml", "merge.sh")
pathlib.Path(work, "completions").write_text(str(shards["completions"]))
PY
completions=$(cat "$work/completions")
echo "indexed job: $completions pods; merge job; shared volume $work/runs"
start=$(date +%s.%N)
for ((i = 0; i < completions; i++)); do
    JOB_COMPLETION_INDEX=$i sh "$work/shard.sh" &
done
wait
sh "$work/merge.sh"
end=$(date +%s.%N)
cat "$work/runs/trash/table.txt"
printf 'indexed job (%s pods at once on this machine) plus merge: %.1f s\n' \
    "$completions" "$(echo "$end - $start" | bc)"

# The same simulation unsplit: the shard command without --shard, --out and --threads 1.
unsplit=$(sed -e 's/--shard "[^"]*"//' -e 's/--out "[^"]*"//' -e 's/--threads 1//' \
    -e 's/mkdir -p [^ ]* &&//' -e 's/ *exec //' "$work/shard.sh" | grep -v '^export')
eval "$unsplit --out $work/single.csv --summary $work/single-summary.csv" >/dev/null
cmp "$work/single.csv" "$work/runs/trash/games.csv"
cmp "$work/single-summary.csv" "$work/runs/trash/summary.csv"
echo "OK: the merged files are byte-identical to the unsplit run's ($work)"
