//! Sounds of a hot-seat game, synthesised with WebAudio (no audio files).
//!
//! A [`Cue`] is decided by `GameTable` from what the *current viewer* is told:
//! the mover hears their own move when they make it; the next player hears
//! nothing of the opponent's move until they lift the curtain, and then only
//! what their observation says (a move, a capture of their man, a check the
//! umpire announced to them). The page plays the cue unless muted; the mute
//! switch is kept in `localStorage` under [`MUTE_KEY`].

/// What a sound says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    Move,
    Capture,
    /// A check the listener was told of.
    Check,
    /// An illegal try, a refused move, a probe that used the turn.
    Refused,
    End,
}

/// Where the mute switch is kept.
pub const MUTE_KEY: &str = "fogbound.mute";

/// The notes of a cue: (frequency in Hz, start in s, length in s, waveform).
#[cfg(target_arch = "wasm32")]
fn notes(cue: Cue) -> &'static [(f32, f64, f64, &'static str)] {
    match cue {
        Cue::Move => &[(520.0, 0.0, 0.07, "triangle")],
        Cue::Capture => &[(330.0, 0.0, 0.06, "square"), (220.0, 0.06, 0.1, "triangle")],
        Cue::Check => &[(880.0, 0.0, 0.09, "sine"), (1175.0, 0.1, 0.14, "sine")],
        Cue::Refused => &[(180.0, 0.0, 0.16, "sawtooth")],
        Cue::End => &[
            (523.0, 0.0, 0.16, "sine"),
            (659.0, 0.16, 0.16, "sine"),
            (784.0, 0.32, 0.3, "sine"),
        ],
    }
}

/// Whether the player muted the game.
#[cfg(target_arch = "wasm32")]
pub fn muted() -> bool {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(MUTE_KEY).ok().flatten())
        .is_some_and(|v| v == "1")
}

#[cfg(target_arch = "wasm32")]
pub fn set_muted(mute: bool) {
    if let Some(store) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = store.set_item(MUTE_KEY, if mute { "1" } else { "0" });
    }
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    static CONTEXT: std::cell::RefCell<Option<web_sys::AudioContext>> =
        const { std::cell::RefCell::new(None) };
}

/// Plays `cue` (nothing when muted or when the browser has no WebAudio).
#[cfg(target_arch = "wasm32")]
pub fn play(cue: Cue) {
    if muted() {
        return;
    }
    let _ = CONTEXT.with(|slot| -> Result<(), wasm_bindgen::JsValue> {
        let mut slot = slot.borrow_mut();
        if slot.is_none() {
            *slot = Some(web_sys::AudioContext::new()?);
        }
        let Some(ctx) = slot.as_ref() else {
            return Ok(());
        };
        let _ = ctx.resume();
        let t0 = ctx.current_time();
        for &(freq, start, length, wave) in notes(cue) {
            let osc = ctx.create_oscillator()?;
            let gain = ctx.create_gain()?;
            let kind = match wave {
                "square" => web_sys::OscillatorType::Square,
                "sawtooth" => web_sys::OscillatorType::Sawtooth,
                "sine" => web_sys::OscillatorType::Sine,
                _ => web_sys::OscillatorType::Triangle,
            };
            osc.set_type(kind);
            osc.frequency().set_value(freq);
            let begin = t0 + start;
            let end = begin + length;
            // A short attack and an exponential fade: no clicks.
            gain.gain().set_value_at_time(0.0001, begin)?;
            gain.gain()
                .exponential_ramp_to_value_at_time(0.18, begin + 0.01)?;
            gain.gain().exponential_ramp_to_value_at_time(0.0001, end)?;
            osc.connect_with_audio_node(&gain)?;
            gain.connect_with_audio_node(&ctx.destination())?;
            osc.start_with_when(begin)?;
            osc.stop_with_when(end + 0.02)?;
        }
        Ok(())
    });
}
