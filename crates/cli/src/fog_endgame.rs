//! `fogbound fog-endgame`: the Fog of War endgames against a lone king,
//! solved exactly from every start.

use fogbound_solvers::fog_endgame::{self, Board, EndgameSummary, Explain, Material, Reading};
use fogbound_solvers::Progress;
use serde::Serialize;
use std::time::Instant;

/// Solves a Fog of War endgame (White's men against a lone king) from every
/// start: which starts White wins and in how many moves at worst.
#[derive(clap::Args)]
pub struct Args {
    /// White's men: KQ, KR, KRR, KBB, KBN, KB or KN
    #[arg(long, value_name = "M")]
    material: String,
    /// The N×N board (4 to 8)
    #[arg(long, value_name = "N", default_value_t = 8)]
    size: usize,
    /// sighted (White uses what it sees right after its own move, as the
    /// rules give: the true game) or blind (White ignores it: the
    /// one-player game of the plain formula S' = steps(S) minus seen)
    #[arg(long, value_name = "R", default_value = "sighted")]
    reading: String,
    /// rounds (families of won sets by their maximal sets: little memory)
    /// or closure (every reachable belief state stored; 8×8 K+R+R is too
    /// large for it)
    #[arg(long, value_name = "S", default_value = "rounds")]
    search: String,
    /// Threads for the rounds search (default: every core)
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    /// The optimal line (a won start) or Black's answers (a lost one) from
    /// a start: 'Kc3 Rd4 kf6'
    #[arg(long, value_name = "P")]
    start: Option<String>,
    /// One JSON object
    #[arg(long)]
    json: bool,
    /// Write the files the lab page loads into DIR: every start's value
    /// (`kq-8-sighted-starts.fogt`) and every belief state's
    /// (`kq-8-sighted-lines.fogt`, megabytes for KQ and KRR)
    #[arg(long, value_name = "DIR")]
    write_tables: Option<std::path::PathBuf>,
    /// With --write-tables: the starts file only
    #[arg(long)]
    starts_only: bool,
    /// Play a strategy instead of solving (KQ only): `paper`, the paper's
    /// own K+Q strategy (corner configuration, then the line-by-line push,
    /// raising the queen's line when she has seen the king above her)
    /// against the worst-case black king from every start, set beside the
    /// optimum; `paper-careful`, raising only when sure to keep the king
    /// above the new line; `paper-careful-turning`, the same counting the
    /// board turned; with --start, its line from that start
    #[arg(long, value_name = "S")]
    strategy: Option<String>,
}

#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    summary: &'a EndgameSummary,
    seconds: f64,
    #[serde(skip)]
    by_rounds: bool,
    /// The process's peak resident memory (VmHWM), where the system tells.
    peak_bytes: Option<u64>,
}

/// Reports nothing and never cancels (the command line waits).
struct Quiet;

impl Progress for Quiet {
    fn report(&mut self, _: &str, _: u64, _: u64) -> Result<(), fogbound_solvers::Cancelled> {
        Ok(())
    }
}

pub fn run(args: Args) -> Result<(), String> {
    let material = Material::parse(&args.material).ok_or_else(|| {
        format!(
            "--material: unknown '{}' (KQ, KR, KRR, KBB, KBN, KB or KN)",
            args.material
        )
    })?;
    fog_endgame::check_size(args.size).map_err(|e| format!("--size: {e}"))?;
    let reading = match args.reading.to_ascii_lowercase().as_str() {
        "blind" => Reading::Blind,
        "sighted" => Reading::Sighted,
        other => return Err(format!("--reading: unknown '{other}' (blind or sighted)")),
    };
    let board = Board::new(args.size)?;
    let start = match args.start.as_deref() {
        Some(text) => Some(parse_start(text, board, material)?),
        None => None,
    };
    if args.threads == Some(0) {
        return Err("--threads: must be at least 1".into());
    }
    let by_rounds = match args.search.to_ascii_lowercase().as_str() {
        "rounds" => true,
        "closure" => false,
        other => return Err(format!("--search: unknown '{other}' (closure or rounds)")),
    };
    let threads = args
        .threads
        .unwrap_or_else(fog_endgame::rounds::default_threads);
    if let Some(name) = &args.strategy {
        let raise_rule = fog_endgame::paper_kq::RaiseRule::parse(name).ok_or_else(|| {
            format!("--strategy: unknown '{name}' (paper, paper-careful or paper-careful-turning)")
        })?;
        if material != Material::KQ {
            return Err(format!(
                "--strategy paper: the paper's strategy is for KQ, not {}",
                material.name()
            ));
        }
        if args.write_tables.is_some() {
            return Err("--strategy and --write-tables do not go together".into());
        }
        return run_strategy(&args, reading, threads, raise_rule, start);
    }
    if let (Some((p, king)), true) = (start, by_rounds) {
        let solution =
            fog_endgame::solve_by_rounds(args.size, material, reading, threads, &mut Quiet)
                .map_err(|e| format!("the search stopped: {e:?}"))?;
        return print_start(&solution, &p, king, args.json);
    }
    let clock = Instant::now();
    if let Some(dir) = &args.write_tables {
        return write_tables(dir, &args, material, reading, threads, clock);
    }
    let summary = if by_rounds {
        fog_endgame::summary_by_rounds_on(args.size, material, reading, threads, &mut Quiet)
            .map_err(|e| format!("the search stopped: {e:?}"))?
    } else {
        let solution =
            fog_endgame::solve(args.size, material, reading, &mut Quiet).map_err(|e| match e {
                fog_endgame::Stop::TooLarge => format!(
                    "{} on {n}×{n} needs more memory than the closure search takes \
                     ({} GB); its figures come from --search rounds, without lines",
                    material.name(),
                    fog_endgame::search::BYTE_LIMIT / 1_000_000_000,
                    n = args.size
                ),
                fog_endgame::Stop::Cancelled => "cancelled".into(),
            })?;
        if let Some((p, king)) = start {
            return print_start(&solution, &p, king, args.json);
        }
        solution.summary().clone()
    };
    let seconds = clock.elapsed().as_secs_f64();
    let report = Report {
        summary: &summary,
        seconds,
        by_rounds,
        peak_bytes: peak_resident_bytes(),
    };
    if args.json {
        let text = serde_json::to_string(&report).map_err(|e| format!("cannot write JSON: {e}"))?;
        println!("{text}");
    } else {
        print_report(&report);
    }
    Ok(())
}

#[derive(Serialize)]
struct StrategyOutput<'a> {
    #[serde(flatten)]
    report: &'a fog_endgame::paper_kq::StrategyReport,
    seconds: f64,
}

/// `--strategy paper`: the paper's K+Q strategy from every start (or its
/// line from `--start`).
fn run_strategy(
    args: &Args,
    reading: Reading,
    threads: usize,
    raise_rule: fog_endgame::paper_kq::RaiseRule,
    start: Option<(fog_endgame::Placement, u8)>,
) -> Result<(), String> {
    use fog_endgame::paper_kq;
    if let Some((p, king)) = start {
        let line = paper_kq::strategy_line(args.size, reading, raise_rule, p[0], p[1], king)
            .map_err(|e| format!("--start: {e}"))?;
        if args.json {
            let text =
                serde_json::to_string(&line).map_err(|e| format!("cannot write JSON: {e}"))?;
            println!("{text}");
            return Ok(());
        }
        match line.outcome {
            paper_kq::Outcome::Won(v) => println!(
                "the paper's strategy wins from {} in at most {v} White moves (the capture included)",
                line.start
            ),
            paper_kq::Outcome::Failed(f) => println!(
                "the paper's strategy fails from {} ({f:?}); Black's answers:",
                line.start
            ),
        }
        for (i, s) in line.steps.iter().enumerate() {
            println!(
                "{:>3}. {:<6} {:<12} {:<14} king may be on {}{}",
                i + 1,
                s.white_move,
                s.men,
                format!("{:?}", s.rule),
                if s.belief.is_empty() {
                    "-".into()
                } else {
                    s.belief.join(" ")
                },
                if s.safe {
                    ""
                } else {
                    "  (en prise: the line stops)"
                }
            );
        }
        if let Some(i) = line.loops_to {
            println!("  … and back to the position before move {}", i + 1);
        }
        return Ok(());
    }
    let clock = Instant::now();
    let report = paper_kq::evaluate(args.size, reading, threads, raise_rule)?;
    let seconds = clock.elapsed().as_secs_f64();
    if args.json {
        let text = serde_json::to_string(&StrategyOutput {
            report: &report,
            seconds,
        })
        .map_err(|e| format!("cannot write JSON: {e}"))?;
        println!("{text}");
        return Ok(());
    }
    let r = &report;
    let n = r.size;
    let list = |h: &[u64]| {
        h.iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(k, c)| format!("{k}:{c}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!(
        "The paper's K+Q strategy ({}) on {n}×{n}, {} reading, against the worst-case black king",
        r.strategy,
        r.reading.name()
    );
    println!("starts              {}", r.starts);
    println!("won                 {}", r.won);
    println!(
        "failed              {} (loop {}, no rule {}, unsafe {}, illegal {})",
        r.failed,
        r.failed_by_reason.looping,
        r.failed_by_reason.no_rule,
        r.failed_by_reason.unsafe_move,
        r.failed_by_reason.illegal
    );
    println!(
        "max_moves           {} (won starts; the capture counted)",
        r.max_moves
    );
    println!("histogram           {}", list(&r.histogram));
    println!("within 50 moves     {}", r.within_50);
    println!("optimum_max_moves   {}", r.optimum_max_moves);
    println!("optimum histogram   {}", list(&r.optimum_histogram));
    println!(
        "mean_excess         {:.3} (won starts: strategy minus optimum)",
        r.mean_excess
    );
    println!("max_excess          {}", r.max_excess);
    println!("excess histogram    {}", list(&r.excess_histogram));
    println!("below optimum       {} (must be 0)", r.below_optimum);
    println!(
        "stage 1             corner configuration within {} moves; fails from {} starts",
        r.stage_one_max_moves, r.stage_one_failed
    );
    if let Some(s) = &r.worst_start {
        println!("longest won start   {s}");
    }
    if let Some(s) = &r.most_excess_start {
        println!("most excess start   {s}");
    }
    for s in r.failure_origins.iter().take(4) {
        println!("a failure begins    {s}");
    }
    println!("policy_states       {}", r.policy_states);
    println!("seconds             {seconds:.3}");
    println!();
    print_square_map(n, &r.won_by_square, &r.starts_by_square);
    Ok(())
}

/// The lab page's files of one material and reading (see `--write-tables`).
fn write_tables(
    dir: &std::path::Path,
    args: &Args,
    material: Material,
    reading: Reading,
    threads: usize,
    clock: Instant,
) -> Result<(), String> {
    let (starts, lines) = fog_endgame::table_file::write(
        args.size,
        material,
        reading,
        !args.starts_only,
        threads,
        &mut Quiet,
    )
    .map_err(|_| "the search stopped".to_string())?;
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--write-tables: cannot create {}: {e}", dir.display()))?;
    let stem = fog_endgame::table_file::file_stem(material, args.size, reading);
    let mut written = Vec::new();
    for (kind, bytes) in [("starts", Some(starts)), ("lines", lines)] {
        let Some(bytes) = bytes else { continue };
        let path = dir.join(format!("{stem}-{kind}.fogt"));
        std::fs::write(&path, &bytes)
            .map_err(|e| format!("--write-tables: cannot write {}: {e}", path.display()))?;
        written.push((path.display().to_string(), bytes.len()));
    }
    let seconds = clock.elapsed().as_secs_f64();
    if args.json {
        let files: Vec<String> = written
            .iter()
            .map(|(p, b)| format!("{{\"file\":{p:?},\"bytes\":{b}}}"))
            .collect();
        println!(
            "{{\"files\":[{}],\"seconds\":{seconds:.3}}}",
            files.join(",")
        );
    } else {
        for (p, b) in &written {
            println!("wrote {p} ({b} bytes)");
        }
        println!("in {seconds:.1} s");
    }
    Ok(())
}

/// `Kc3 Rd4 kf6` (White's men in any order, then or among them the black
/// king in lower case).
fn parse_start(
    text: &str,
    board: Board,
    material: Material,
) -> Result<(fog_endgame::Placement, u8), String> {
    let bad = |why: &str| format!("--start: cannot read '{text}': {why}");
    let mut king = None;
    let mut white_king = None;
    let mut men: Vec<(char, u8)> = Vec::new();
    for word in text.split_whitespace() {
        let mut chars = word.chars();
        let letter = chars.next().ok_or_else(|| bad("empty word"))?;
        let sq = board
            .parse_square(chars.as_str())
            .ok_or_else(|| bad(&format!("'{word}' is not a man on a square of the board")))?;
        match letter {
            'k' => king = Some(sq),
            'K' => white_king = Some(sq),
            'Q' | 'R' | 'B' | 'N' => men.push((letter, sq)),
            _ => return Err(bad(&format!("unknown man '{letter}'"))),
        }
    }
    let king = king.ok_or_else(|| bad("no black king (k)"))?;
    let white_king = white_king.ok_or_else(|| bad("no white king (K)"))?;
    let mut p = [white_king, 0, 0];
    let mut left = men.clone();
    for (i, man) in material.men().iter().enumerate() {
        let at = left
            .iter()
            .position(|&(l, _)| l == man.letter())
            .ok_or_else(|| bad(&format!("{} needs {}", material.name(), man.letter())))?;
        p[i + 1] = left.remove(at).1;
    }
    if !left.is_empty() {
        return Err(bad(&format!("more men than {}", material.name())));
    }
    Ok((p, king))
}

fn print_start(
    solution: &impl Explain,
    p: &fog_endgame::Placement,
    king: u8,
    json: bool,
) -> Result<(), String> {
    let count = solution.table().count;
    let mut squares: Vec<u8> = p[..count].to_vec();
    squares.push(king);
    squares.sort_unstable();
    if squares.windows(2).any(|w| w[0] == w[1]) {
        return Err("--start: two men on one square".into());
    }
    match solution.value_of(p, 1 << king) {
        Some(1) => Err("--start: the black king is attacked (not a start)".into()),
        Some(0) => {
            let refutations = solution.refutations(p, 1 << king);
            if json {
                #[derive(Serialize)]
                struct Lost<'a> {
                    won: bool,
                    refutations: &'a [fog_endgame::Refutation],
                }
                let text = serde_json::to_string(&Lost {
                    won: false,
                    refutations: &refutations,
                })
                .map_err(|e| format!("cannot write JSON: {e}"))?;
                println!("{text}");
            } else {
                println!("not won: Black answers every White move");
                for r in &refutations {
                    match &r.captures {
                        Some(sq) => println!("  {:<10} king takes on {sq}", r.white_move),
                        None => println!(
                            "  {:<10} king may be on {}",
                            r.white_move,
                            r.keeps.join(" ")
                        ),
                    }
                }
            }
            Ok(())
        }
        Some(_) => {
            let line = solution
                .line(p, king)
                .ok_or("--start: no line found (a bug)")?;
            if json {
                let text =
                    serde_json::to_string(&line).map_err(|e| format!("cannot write JSON: {e}"))?;
                println!("{text}");
            } else {
                println!("won in {} White moves (the capture included)", line.moves);
                for (i, s) in line.steps.iter().enumerate() {
                    println!(
                        "{:>3}. {:<18} {:<16} {}king may be on {}",
                        i + 1,
                        s.white_move,
                        s.men,
                        s.seen_at
                            .as_ref()
                            .map_or(String::new(), |sq| format!("seen on {sq}, then ")),
                        if s.belief.is_empty() {
                            "-".into()
                        } else {
                            s.belief.join(" ")
                        }
                    );
                }
            }
            Ok(())
        }
        None => Err("--start: not a position of this material".into()),
    }
}

fn print_report(r: &Report) {
    let s = r.summary;
    let n = s.size;
    println!(
        "Fog of War {:?} vs K on {n}×{n}, {} reading (White to move, the king's square known)",
        s.material,
        s.reading.name()
    );
    println!("positions     {}", s.positions);
    println!("won           {}", s.won);
    println!("lost          {}", s.lost);
    println!("max_moves     {} (the capture counted)", s.max_moves);
    let histogram: Vec<String> = s
        .histogram
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(k, c)| format!("{k}:{c}"))
        .collect();
    println!("histogram     {}", histogram.join(" "));
    println!(
        "belief_states {} ({})",
        s.belief_states,
        if r.by_rounds {
            "rounds: the most maximal won sets in one round"
        } else {
            "closure: states reached"
        }
    );
    println!("seconds       {:.3}", r.seconds);
    match r.peak_bytes {
        Some(b) => println!("peak_bytes    {b} ({:.1} MB resident)", b as f64 / 1e6),
        None => println!("peak_bytes    unknown"),
    }
    println!("search_bytes  {}", s.search_bytes);
    println!();
    print_square_map(n, &s.won_by_square, &s.starts_by_square);
}

/// VmHWM from /proc/self/status (Linux); `None` elsewhere.
fn peak_resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Won starts of all starts, per black-king square, as a board (rank 8
/// at the top).
fn print_square_map<T: std::fmt::Display>(n: usize, won: &[T], starts: &[T]) {
    println!("won starts per black-king square (of starts there):");
    for rank in (0..n).rev() {
        let row: Vec<String> = (0..n)
            .map(|file| {
                let i = rank * n + file;
                format!("{:>6}/{:<6}", won[i], starts[i])
            })
            .collect();
        println!("{:>2} {}", rank + 1, row.join(""));
    }
    let files: String = (0..n)
        .map(|f| format!("{:^13}", (b'a' + f as u8) as char))
        .collect();
    println!("   {files}");
}
