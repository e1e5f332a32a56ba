# The median of column c (default 1) of lines already sorted on it: the middle value, or the mean
# of the two middle ones. Used by bench/bench_ten_million.sh and bench/bench_autoscaler_pair.sh.
BEGIN { if (c == "") c = 1 }
{ v[NR] = $c }
END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }
