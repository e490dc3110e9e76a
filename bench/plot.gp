# Draws dxil-bench's CSVs; run by `dxil-bench --plot` as
#   gnuplot -e "outdir='DIR'" bench/plot.gp
if (!exists("outdir")) outdir = "bench-out"
set datafile separator ","
set terminal pngcairo size 800,500 noenhanced
set key top left
set grid

set output outdir."/throughput_threads.png"
set title "Throughput vs threads"
set xlabel "threads"
set ylabel "shaders per second"
plot outdir."/threads.csv" using 1:2 skip 1 with linespoints title "baseline (LLVM only)", \
     ""                    using 1:3 skip 1 with linespoints title "dxil-upgrade"

set output outdir."/phases.png"
set title "Mean time per shader by phase (1 thread)"
set xlabel ""
set ylabel "microseconds"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xtics rotate by -30
plot outdir."/phases.csv" using 2:xtic(1) skip 1 title "baseline (LLVM only)", \
     ""                   using 3 skip 1 title "dxil-upgrade"
