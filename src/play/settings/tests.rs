//! Tests of game settings and links.

use super::*;

#[test]
fn a_full_link_round_trips() {
    let link = PlayLink {
        variant: "foolish-king",
        model: "kriegspiel",
        preset: "wild16",
        clock: Clock::Fischer {
            minutes: 3,
            increment: 2,
        },
        handoff: Handoff::Running,
        mode: Mode::Computer,
        computer: Opponent::Random,
        side: Color::Black,
        names: Names {
            white: "Ann, the bold & quick".into(),
            black: "Bé 100% ♞".into(),
        },
    };
    let query = link.to_query();
    assert!(query.contains("handoff=running"), "{query}");
    assert!(!query.contains(' ') && !query.contains('♞'), "{query}");
    let (back, errors) = PlayLink::parse(&query);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(back, link);
}

#[test]
fn names_custom_clocks_and_handoff_round_trip() {
    for query in [
        "variant=chess&model=fog&clock=7+5&handoff=paused&mode=hotseat&names=Ann,Bob",
        "variant=chess&model=dark&clock=none&mode=hotseat",
        "variant=chess&model=open&clock=180+180&handoff=running&mode=hotseat",
        "variant=foolish-king&model=kriegspiel&preset=rand&clock=none&handoff=running&mode=hotseat&names=White,Zo%C3%AB",
    ] {
        let (link, errors) = PlayLink::parse(query);
        assert!(errors.is_empty(), "{query}: {errors:?}");
        assert_eq!(link.to_query(), query);
        assert_eq!(PlayLink::parse(&link.to_query()).0, link);
    }
    let (link, _) = PlayLink::parse("clock=7%2B5&names=Ann,Bob&handoff=running");
    assert_eq!(
        link.clock,
        Clock::Fischer {
            minutes: 7,
            increment: 5
        }
    );
    assert_eq!(link.names.label(Color::White), "Ann (White)");
    assert_eq!(link.names.get(Color::Black), "Bob");
    assert_eq!(link.handoff, Handoff::Running);
    // Old links: no names, no handoff: the defaults.
    let (old, errors) = PlayLink::parse("variant=chess&model=fog&clock=3+2&mode=hotseat");
    assert!(errors.is_empty());
    assert_eq!(old.names, Names::default());
    assert_eq!(old.handoff, Handoff::Paused);
    assert_eq!(old.names.label(Color::Black), "Black");
}

#[test]
fn bad_names_and_handoffs_say_what_is_wrong() {
    let cases = [
        ("names=Ann", "two names"),
        ("names=Ann,Bob,Cy", "two names"),
        ("names=,Bob", "may not be empty"),
        ("names=Ann,%20%20", "may not be empty"),
        ("names=Ann,%07", "control characters"),
        ("names=Abcdefghijklmnopqrstuvwxyz,Bob", "at most 24"),
        ("handoff=sometimes", "'sometimes'"),
        ("handoff=", "paused"),
    ];
    for (query, says) in cases {
        let (link, errors) = PlayLink::parse(query);
        assert_eq!(errors.len(), 1, "{query}: {errors:?}");
        let text = errors[0].to_string();
        assert!(text.contains(says), "{query}: {text}");
        assert_eq!(link.names, Names::default());
        assert_eq!(link.handoff, Handoff::Paused);
    }
    // Spaces and a trailing newline around a name are trimmed, not refused.
    let (link, errors) = PlayLink::parse("names=%20Ann,Bob%0A");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        (link.names.white.as_str(), link.names.black.as_str()),
        ("Ann", "Bob")
    );
}

#[test]
fn custom_clock_fields() {
    assert_eq!(
        custom_clock(" 7 ", "5"),
        Ok(Clock::Fischer {
            minutes: 7,
            increment: 5
        })
    );
    assert!(custom_clock("0", "5").unwrap_err().contains("Minutes"));
    assert!(custom_clock("181", "0").is_err());
    assert!(custom_clock("2.5", "0").is_err());
    assert!(custom_clock("", "0").is_err());
    assert!(custom_clock("5", "-1").unwrap_err().contains("Seconds"));
    assert!(custom_clock("5", "181").is_err());
    for m in [1, 7, 180] {
        for i in [0, 5, 180] {
            let c = custom_clock(&m.to_string(), &i.to_string()).unwrap();
            assert_eq!(Clock::parse(&c.id()), Ok(c));
        }
    }
}

#[test]
fn every_choice_round_trips_through_its_id() {
    for v in catalogue::variants() {
        assert_eq!(variant_id(v.id), Ok(v.id));
    }
    for m in catalogue::models() {
        assert_eq!(model_id(m.id), Ok(m.id));
    }
    for p in catalogue::presets() {
        assert_eq!(preset_id(p.id), Ok(p.id));
        let link = PlayLink::parse(&format!("model=kriegspiel&preset={}", p.id)).0;
        assert_eq!(link.model_spec().preset_id(), Some(p.id));
        assert_eq!(
            PlayLink::default().with_model(&link.model_spec()),
            PlayLink {
                model: "kriegspiel",
                preset: p.id,
                ..PlayLink::default()
            }
        );
    }
}

#[test]
fn bad_parameters_are_reported_and_defaults_kept() {
    let (link, errors) = PlayLink::parse("?variant=checkers&model=dark&clock=3-2&color=red");
    assert_eq!(link.variant, "chess");
    assert_eq!(link.model, "dark");
    assert_eq!(link.clock, Clock::None);
    assert_eq!(errors.len(), 3);
    assert!(errors[0].to_string().contains("unknown variant 'checkers'"));
    assert!(errors[1].to_string().contains("3-2"));
    assert!(errors[2].to_string().contains("color"));
}

#[test]
fn the_title_names_the_preset() {
    let link = PlayLink::parse("variant=foolish-king&model=kriegspiel&preset=rand").0;
    assert_eq!(link.title(), "Kriegspiel: RAND · Foolish King Chess (10×8)");
    assert_eq!(PlayLink::default().title(), "Fog of War · Chess");
}

#[test]
fn a_preset_needs_kriegspiel() {
    let (_, errors) = PlayLink::parse("model=fog&preset=cvp");
    assert_eq!(errors, vec![LinkError::PresetWithoutKriegspiel]);
}

#[test]
fn clocks() {
    assert_eq!(
        Clock::parse("15+10"),
        Ok(Clock::Fischer {
            minutes: 15,
            increment: 10
        })
    );
    assert!(Clock::parse("0+5").is_err());
    assert!(Clock::parse("99999999999+1").is_err());
    assert!(Clock::parse("+").is_err());
    assert_eq!(
        PlayLink::parse("clock=5%2B3").0.clock,
        Clock::Fischer {
            minutes: 5,
            increment: 3
        }
    );
}

#[test]
fn the_start_parameter_is_taken_apart() {
    let (rest, start, errors) = split_start("?variant=chess&model=fog&start=1&clock=3+2");
    assert_eq!(rest, "variant=chess&model=fog&clock=3+2");
    assert!(start && errors.is_empty());
    assert!(PlayLink::parse(&rest).1.is_empty());
    assert!(split_start("start").1);
    assert!(!split_start("start=0").1);
    assert!(split_start("st%61rt=tr%75e").1);
    let (_, start, errors) = split_start("start=maybe");
    assert!(!start && errors.len() == 1);
    // Given twice: the first counts, and the link says so.
    let (rest, start, errors) = split_start("start=1&variant=chess&start=0&start=0");
    assert_eq!(rest, "variant=chess");
    assert!(start);
    assert_eq!(errors, vec![LinkError::Repeated("start".into())]);
}

#[test]
fn values_are_decoded_as_browsers_encode_them() {
    // A form or URLSearchParams writes the comma as %2C and a space as +.
    let (link, errors) = PlayLink::parse("names=Ann%2CBob");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        (link.names.white.as_str(), link.names.black.as_str()),
        ("Ann", "Bob")
    );
    let (link, errors) = PlayLink::parse("names=Ann+Lee,Bob");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(link.names.white, "Ann Lee");
    let (link, errors) = PlayLink::parse("names=Ann+Lee%2CBob+Cy");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        (link.names.white.as_str(), link.names.black.as_str()),
        ("Ann Lee", "Bob Cy")
    );
    // Our own links escape a comma inside a name and type the separator.
    let (link, errors) = PlayLink::parse("names=Ann%2C%20the%20bold,Bob");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(link.names.white, "Ann, the bold");
    // A whole link as URLSearchParams writes it: `+` in the clock is %2B,
    // names and parameter names percent-encoded.
    let (link, errors) =
        PlayLink::parse("v%61riant=foolish-king&clock=3%2B2&names=Zo%C3%AB%2CBob&mode=hotseat");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(link.variant, "foolish-king");
    assert_eq!(
        link.clock,
        Clock::Fischer {
            minutes: 3,
            increment: 2
        }
    );
    assert_eq!(link.names.white, "Zoë");
    // A `+` typed in the clock reads as a space, and still means plus.
    assert_eq!(
        PlayLink::parse("clock=3+2").0.clock,
        Clock::Fischer {
            minutes: 3,
            increment: 2
        }
    );
    // Three names are still three, however the commas are written.
    let (_, errors) = PlayLink::parse("names=Ann%2CBob%2CCy");
    assert!(errors[0].to_string().contains("two names"), "{errors:?}");
}

#[test]
fn a_parameter_given_twice_is_reported_and_the_first_value_used() {
    let (link, errors) =
        PlayLink::parse("variant=foolish-king&model=dark&variant=chess&variant=chess&model=open");
    assert_eq!((link.variant, link.model), ("foolish-king", "dark"));
    assert_eq!(
        errors,
        vec![
            LinkError::Repeated("variant".into()),
            LinkError::Repeated("model".into())
        ]
    );
    let text = errors[0].to_string();
    assert!(
        text.contains("'variant' more than once; the first value was used"),
        "{text}"
    );
    assert!(!errors[0].keeps_default());
    assert!(LinkError::BadClock("x".into()).keeps_default());
    // The same parameter written two ways is the same parameter.
    let (link, errors) = PlayLink::parse("clock=3+2&cl%6Fck=none");
    assert_eq!(
        link.clock,
        Clock::Fischer {
            minutes: 3,
            increment: 2
        }
    );
    assert_eq!(errors, vec![LinkError::Repeated("clock".into())]);
}

#[test]
fn messages_quote_a_bad_value_short() {
    let huge = "x".repeat(20_000);
    for query in [
        format!("names={huge},Bob"),
        format!("names={huge}"),
        format!("variant={huge}"),
        format!("clock={huge}"),
        format!("handoff={huge}"),
        format!("side={huge}"),
        format!("{huge}=1"),
        format!("{huge}=1&{huge}=2"),
    ] {
        let (_, errors) = PlayLink::parse(&query);
        assert!(!errors.is_empty());
        for error in errors {
            let text = error.to_string();
            assert!(text.chars().count() < 250, "{} characters", text.len());
            assert!(text.contains("xxx…"), "{text}");
        }
    }
    let (_, _, errors) = split_start(&format!("start={huge}"));
    assert!(errors[0].to_string().chars().count() < 100);
    // A name just over the limit is quoted whole: it is short anyway.
    let (_, errors) = PlayLink::parse("names=Abcdefghijklmnopqrstuvwxyz,Bob");
    assert!(errors[0]
        .to_string()
        .contains("'Abcdefghijklmnopqrstuvwxyz,Bob'"));
}

#[test]
fn garbage_never_panics() {
    for text in [
        "%",
        "%%",
        "=&=&",
        "variant",
        "a=%zz",
        "clock=%E2%82",
        "\u{1F600}=\u{1F600}",
    ] {
        let _ = PlayLink::parse(text);
        let _ = split_start(text);
    }
}

#[test]
fn computer_links_carry_the_player_and_the_persons_side() {
    let (link, errors) = PlayLink::parse("model=dark&mode=computer&computer=random&side=black");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(link.mode, Mode::Computer);
    assert_eq!(link.side, Color::Black);
    assert_eq!(
        link.seats(),
        crate::play::seats::Seats::against(Opponent::Random, Color::Black)
    );
    let query = link.to_query();
    assert!(
        query.ends_with("mode=computer&computer=random&side=black"),
        "{query}"
    );
    assert_eq!(PlayLink::parse(&query).0, link);
    // Hot-seat links say nothing of a computer.
    assert!(!PlayLink::default().to_query().contains("computer="));
    assert_eq!(
        PlayLink::default().seats(),
        crate::play::seats::Seats::hot_seat()
    );
    let (bad, errors) = PlayLink::parse("mode=computer&computer=deep-blue&side=purple");
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0]
        .to_string()
        .contains("unknown computer 'deep-blue'"));
    assert!(errors[0].to_string().contains("random"));
    assert!(errors[1].to_string().contains("unknown side 'purple'"));
    assert_eq!((bad.computer, bad.side), (Opponent::DEFAULT, Color::White));
}
