//! Colours and specials as the boards draw them.

/// The symbols of the specials 1 to 6, and what each does.
pub(super) const SPECIALS: [(&str, &str); 6] = [
    ("\u{2194}", "1: its row"),
    ("\u{2195}", "2: its column"),
    ("\u{271a}", "3: its row and column"),
    ("\u{25a3}", "4: the 3x3 square"),
    ("\u{25c9}", "5: the 5x5 square"),
    ("\u{2731}", "6: every piece of its colour"),
];

pub(super) fn special_symbol(s: u8) -> &'static str {
    match s {
        1..=6 => SPECIALS[usize::from(s) - 1].0,
        _ => "?",
    }
}

/// Twenty colours that are easy to tell apart, then the golden angle around the hue circle.
const PALETTE: [&str; 20] = [
    "#e6194b", "#3cb44b", "#4363d8", "#ffe119", "#f58231", "#911eb4", "#42d4f4", "#f032e6",
    "#bfef45", "#fabed4", "#469990", "#dcbeff", "#9a6324", "#fffac8", "#800000", "#aaffc3",
    "#808000", "#ffd8b1", "#000075", "#a9a9a9",
];

/// The background and the text colour of colour id `c` (1 to 100).
pub(super) fn colour_css(c: u8) -> (String, &'static str) {
    let i = usize::from(c.max(1)) - 1;
    if let Some(hex) = PALETTE.get(i) {
        let v = u32::from_str_radix(&hex[1..], 16).unwrap_or(0);
        let (r, g, b) = (v >> 16 & 255, v >> 8 & 255, v & 255);
        let light = 299 * r + 587 * g + 114 * b > 150_000;
        (hex.to_string(), if light { "#111" } else { "#fff" })
    } else {
        let hue = (i as f64 * 137.508) % 360.0;
        let light = [42, 62, 78][i % 3];
        let sat = [70, 55][i / 3 % 2];
        (
            format!("hsl({hue:.0},{sat}%,{light}%)"),
            if light >= 60 { "#111" } else { "#fff" },
        )
    }
}
