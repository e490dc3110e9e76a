# The op histogram as horizontal bars: raised and kept calls per op.
# Usage: gnuplot -e "data='ops.tsv'; out='ops.png'" histogram.gp
# (ops.tsv from histogram.py, most-called op first)
set terminal pngcairo size 800,600 font ",9"
set output out
set datafile separator "\t"
set title "dx.op calls per op (top of the corpus)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.8
set key top right
set xtics rotate by 60 right
set ylabel "calls"
set grid ytics
plot data using 4:xtic(1) every ::1 title "raised" lc rgb "#4477aa", \
     '' using 5 every ::1 title "kept" lc rgb "#ee6677"
