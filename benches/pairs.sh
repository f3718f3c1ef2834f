# Sourced by benches/modes40.sh and benches/pairs40.sh (bash): the machine's physical cores
# as pairs, and the rounds that deal configurations to them.
#   cpus    one logical CPU per physical core (all CPUs where lscpu tells fewer than two)
#   npairs  how many disjoint pairs of them there are
#   deal RUNS N JOB   RUNS rounds; in each, configurations 0..N-1 run as `JOB INDEX PAIR`
#                     in the background, npairs at a time, the pairs rotated round by round
mapfile -t cpus < <(lscpu -p=CPU,CORE | grep -v '^#' | sort -t, -k2,2n -u | cut -d, -f1)
[ ${#cpus[@]} -ge 2 ] || mapfile -t cpus < <(seq 0 $(( $(nproc) - 1 )))
npairs=$(( ${#cpus[@]} / 2 ))
deal() {
  local runs=$1 n=$2 job=$3 r i k
  for r in $(seq 1 "$runs"); do
    i=0
    while [ "$i" -lt "$n" ]; do
      for k in $(seq 0 $((npairs - 1))); do
        [ "$i" -lt "$n" ] || break
        "$job" "$i" $(( (k + r) % npairs )) &
        i=$((i + 1))
      done
      wait
    done
    echo "round $r done $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
  done
}
