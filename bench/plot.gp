# Draws dxil-bench's CSVs; run by `dxil-bench --plot` as
#   gnuplot -e "outdir='DIR'" -e "label='CPU, N cores, commit abc1234'" bench/plot.gp
# Read at a glance: y from 0, a tick at each measured (integer) thread count,
# the ideal-scaling line, and which machine and commit made the figures.
if (!exists("outdir")) outdir = "bench-out"
if (!exists("label")) label = ""
set datafile separator ","
set terminal pngcairo size 800,500 noenhanced
set key top left
set grid
set yrange [0:*]

set output outdir."/throughput_threads.png"
set title "Throughput vs threads".(label eq "" ? "" : "\n".label)
set xlabel "threads"
set ylabel "shaders per second"
# dxil-upgrade's 1-thread rate, for the ideal line (n threads, n times that)
stats outdir."/threads.csv" using 3 skip 1 every ::0::0 nooutput
one = STATS_max
set xrange [0:*]
plot outdir."/threads.csv" using 1:2:xtic(1) skip 1 with linespoints title "baseline (LLVM only)", \
     ""                    using 1:3 skip 1 with linespoints title "dxil-upgrade", \
     ""                    using 1:($1 * one) skip 1 with lines dashtype 2 title "dxil-upgrade, ideal scaling"
set xrange [*:*]

set output outdir."/phases.png"
set title "Mean time per shader by phase (1 thread)".(label eq "" ? "" : "\n".label)
set xlabel ""
set ylabel "microseconds"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -30
plot outdir."/phases.csv" using 2:xtic(1) skip 1 title "baseline (LLVM only)", \
     ""                   using 3 skip 1 title "dxil-upgrade"
