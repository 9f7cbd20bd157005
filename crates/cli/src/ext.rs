//! An external program as a seat: a child process that speaks protocol v1
//! (`PROTOCOL.md`) on its stdin and stdout, wrapped as a [`Player`].
//!
//! Whatever the program does wrong — it dies, says something that is not a
//! protocol line, answers late, or tries something that is not an attempt
//! for its own board (bad text, a man it does not have, a question the
//! model does not offer) — is recorded as its *fault* with a clear message,
//! and its attempt is replaced by one the referee rejects, so the game ends
//! there and the match counts it as a loss for that side.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use fogbound_engine::player::{GameRules, Player};
use fogbound_engine::{Attempt, Cell, Geometry, MoveAttempt, Observation, Resolution, Square};
use fogbound_players::protocol::{self, FromPlayer, ToPlayer, PROTOCOL};

/// Writing to a program that has exited must be a fault to report, not a
/// signal that ends the referee: `main` restores SIGPIPE's default (quiet
/// end on a closed stdout), which a match with external programs undoes.
pub fn survive_closed_pipes() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" has no other
    // effect; the referee's threads only read the programs' output.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

/// What a game tells the program at its start besides its observation.
#[derive(Clone, Debug)]
pub struct GameInfo {
    pub model: String,
    pub preset: Option<String>,
    pub seed: u64,
    /// The thinking budget sent with every `go`.
    pub ms: u64,
    /// Send only the protocol's required fields, as a minimal referee
    /// would.
    pub required_only: bool,
}

/// See the module docs.
pub struct ExtPlayer {
    command: String,
    info: GameInfo,
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<String>>,
    name: String,
    fault: Option<String>,
    ended: bool,
    geometry: Geometry,
}

/// An attempt every referee rejects (off every board we offer).
fn rejected() -> Attempt {
    Attempt::Move(MoveAttempt::plain(Square(255), Square(255)))
}

impl ExtPlayer {
    /// Starts `command` (run by `sh -c`).
    pub fn new(command: &str, info: GameInfo) -> ExtPlayer {
        let mut p = ExtPlayer {
            command: command.to_string(),
            info,
            child: None,
            stdin: None,
            lines: None,
            name: command.to_string(),
            fault: None,
            ended: false,
            geometry: Geometry::CHESS,
        };
        match Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
        {
            Ok(mut child) => {
                let (tx, rx) = channel();
                if let Some(out) = child.stdout.take() {
                    std::thread::spawn(move || {
                        for line in BufReader::new(out).lines() {
                            let Ok(line) = line else { break };
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    });
                }
                p.stdin = child.stdin.take();
                p.lines = Some(rx);
                p.child = Some(child);
            }
            Err(e) => p.fail(format!("cannot start '{command}': {e}")),
        }
        p
    }

    /// What went wrong, if anything did.
    pub fn fault(&self) -> Option<&str> {
        self.fault.as_deref()
    }

    fn fail(&mut self, message: String) {
        if self.fault.is_none() {
            self.fault = Some(message);
        }
    }

    fn send(&mut self, msg: &ToPlayer) {
        if self.fault.is_some() {
            return;
        }
        let encoded = if self.info.required_only {
            serde_json::to_string(&protocol::required_only(msg))
        } else {
            serde_json::to_string(msg)
        };
        let line = match encoded {
            Ok(l) => l,
            Err(e) => return self.fail(e.to_string()),
        };
        let ok = match self.stdin.as_mut() {
            Some(s) => writeln!(s, "{line}").and_then(|_| s.flush()).is_ok(),
            None => false,
        };
        if !ok {
            self.fail(format!("'{}' stopped reading its input", self.command));
        }
    }

    /// The program's next line, parsed.
    fn receive(&mut self, wait: Duration) -> Option<FromPlayer> {
        if self.fault.is_some() {
            return None;
        }
        let got = match self.lines.as_ref() {
            Some(rx) => rx.recv_timeout(wait),
            None => Err(RecvTimeoutError::Disconnected),
        };
        match got {
            Ok(line) => match serde_json::from_str::<FromPlayer>(&line) {
                Ok(m) => Some(m),
                Err(e) => {
                    let shown: String = line.chars().take(80).collect();
                    self.fail(format!(
                        "sent a line that is not protocol v1 ({e}): {shown}"
                    ));
                    None
                }
            },
            Err(RecvTimeoutError::Timeout) => {
                self.fail(format!("no answer within {} ms", wait.as_millis()));
                None
            }
            Err(RecvTimeoutError::Disconnected) => {
                self.fail("ended its output (exited?)".to_string());
                None
            }
        }
    }

    fn view(&mut self, obs: &Observation) {
        self.send(&ToPlayer::View(protocol::view_of(obs)));
        if let Some(o) = &obs.outcome {
            let result = protocol::result_text(o).to_string();
            self.finish(&result, &protocol::reason_text(o, &obs.variant));
        }
    }

    /// Tells the program the game is over (once).
    pub fn finish(&mut self, result: &str, reason: &str) {
        if self.ended {
            return;
        }
        self.ended = true;
        self.send(&ToPlayer::End {
            result: result.to_string(),
            reason: reason.to_string(),
        });
        self.stdin = None;
    }

    /// How long to wait for an answer to `go`: the budget and ten seconds.
    fn wait(&self) -> Duration {
        Duration::from_millis(self.info.ms.saturating_add(10_000))
    }

    /// Whether `attempt` is an attempt at all for `obs`.
    fn check(obs: &Observation, attempt: &Attempt) -> Result<(), String> {
        match attempt {
            Attempt::AskAny if !obs.actions.ask_any => {
                Err("asked \"any?\", which the model does not offer now".into())
            }
            Attempt::AskRebuffs if !obs.actions.ask_rebuffs => {
                Err("asked \"rebuffs?\", which the model does not offer now".into())
            }
            Attempt::Move(m) => match obs.cell(m.from) {
                Cell::Man(p) if p.color == obs.player => Ok(()),
                _ => Err("tried to move a man it does not have".into()),
            },
            _ => Ok(()),
        }
    }
}

impl Drop for ExtPlayer {
    fn drop(&mut self) {
        self.finish("1/2-1/2", "aborted");
        if let Some(mut child) = self.child.take() {
            for _ in 0..50 {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Player for ExtPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(&mut self, _rules: &GameRules, obs: &Observation) {
        self.geometry = Geometry::new(usize::from(obs.width), usize::from(obs.height))
            .unwrap_or(Geometry::CHESS);
        self.send(&ToPlayer::Start {
            protocol: PROTOCOL,
            variant: obs.variant.clone(),
            model: self.info.model.clone(),
            preset: self.info.preset.clone(),
            side: protocol::side_name(obs.player).to_string(),
            width: obs.width,
            height: obs.height,
            seed: self.info.seed,
        });
        match self.receive(Duration::from_secs(10)) {
            Some(FromPlayer::Ready { name }) => self.name = name.chars().take(60).collect(),
            Some(other) => self.fail(format!("answered the start with {other:?}, not ready")),
            None => {}
        }
        self.view(obs);
    }

    fn observe(&mut self, obs: &Observation) {
        self.view(obs);
    }

    fn attempt(&mut self, obs: &Observation) -> Attempt {
        self.send(&ToPlayer::Go { ms: self.info.ms });
        let wait = self.wait();
        let text = match self.receive(wait) {
            Some(FromPlayer::Attempt { text }) => text,
            Some(other) => {
                self.fail(format!("answered go with {other:?}, not an attempt"));
                return rejected();
            }
            None => return rejected(),
        };
        let shown: String = text.chars().take(40).collect();
        match Attempt::parse(&text, self.geometry) {
            Ok(a) => match ExtPlayer::check(obs, &a) {
                Ok(()) => a,
                Err(why) => {
                    self.fail(format!("'{shown}' is not an attempt: {why}"));
                    rejected()
                }
            },
            Err(e) => {
                self.fail(format!("'{shown}' is not an attempt: {e}"));
                rejected()
            }
        }
    }

    fn resolved(&mut self, _a: &Attempt, _r: &Resolution, obs: &Observation) {
        self.view(obs);
    }
}
