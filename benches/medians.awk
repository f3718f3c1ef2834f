# The table of benches/modes40.sh and benches/big40.sh: reads lines "LABEL PUZZLE MS" (any
# number of runs each) and prints, with the configurations in the order of `-v order="A B
# ..."`, each puzzle's median seconds per configuration, the totals of the medians, and each
# total's ratio to the first and second configurations' and speedup over the first's.
{ v[$1, $2] = v[$1, $2] " " $3; seen[$2] = 1 }
END {
  nc = split(order, c, " ")
  for (i = 1; i <= nc; i++) {
    tot = 0
    for (p in seen) {
      k = split(v[c[i], p], a, " ")
      for (x = 2; x <= k; x++) for (y = x; y > 1 && a[y - 1] > a[y]; y--) { t = a[y]; a[y] = a[y - 1]; a[y - 1] = t }
      m = k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
      tot += m; per[c[i], p] = m
    }
    total[c[i]] = tot
  }
  printf "%-28s", "puzzle"; for (i = 1; i <= nc; i++) printf " %9s", substr(c[i], 1, 9); print ""
  for (p in seen) { printf "%-28s", p; for (i = 1; i <= nc; i++) printf " %9.2f", per[c[i], p] / 1000; print "" }
  printf "%-28s", "total"; for (i = 1; i <= nc; i++) printf " %9.2f", total[c[i]] / 1000; print ""
  for (i = 1; i <= nc; i++) {
    printf "%s: %.2f s  /%s %.3f", c[i], total[c[i]] / 1000, c[1], total[c[i]] / total[c[1]]
    if (nc > 1) printf "  /%s %.3f", c[2], total[c[i]] / total[c[2]]
    printf "  speedup over %s %.2f\n", c[1], total[c[1]] / total[c[i]]
  }
}
