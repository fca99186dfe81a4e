//! A minimal SVG line plot: time against module size, one line per tool.

use std::fmt::Write;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 400.0;
const MARGIN: f64 = 60.0;
const COLOURS: [&str; 4] = ["#1b6ac9", "#d9480f", "#2b8a3e", "#862e9c"];

/// `series`: (label, [(operations, seconds)]).
pub fn svg(series: &[(&str, Vec<(f64, f64)>)]) -> String {
    let points = series.iter().flat_map(|(_, points)| points.iter());
    let max_x = points.clone().map(|(x, _)| *x).fold(1.0, f64::max);
    let max_y = points.map(|(_, y)| *y).fold(1e-9, f64::max);
    let x = |value: f64| MARGIN + value / max_x * (WIDTH - 2.0 * MARGIN);
    let y = |value: f64| HEIGHT - MARGIN - value / max_y * (HEIGHT - 2.0 * MARGIN);
    let mut text = String::new();
    let _ = writeln!(
        text,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(text, r#"<rect width="100%" height="100%" fill="white"/>"#);
    // Axes with five ticks each.
    let _ = writeln!(
        text,
        r#"<path d="M{MARGIN} {top} V{bottom} H{right}" stroke="black" fill="none"/>"#,
        top = MARGIN,
        bottom = HEIGHT - MARGIN,
        right = WIDTH - MARGIN
    );
    for tick in 0..=4 {
        let fraction = f64::from(tick) / 4.0;
        let _ = writeln!(
            text,
            r#"<text x="{}" y="{}" text-anchor="middle">{:.0}k</text>"#,
            x(fraction * max_x),
            HEIGHT - MARGIN + 18.0,
            fraction * max_x / 1000.0
        );
        let _ = writeln!(
            text,
            r#"<text x="{}" y="{}" text-anchor="end">{:.2}</text>"#,
            MARGIN - 6.0,
            y(fraction * max_y) + 4.0,
            fraction * max_y
        );
    }
    let _ = writeln!(
        text,
        r#"<text x="{}" y="{}" text-anchor="middle">module size (operations)</text>"#,
        WIDTH / 2.0,
        HEIGHT - 15.0
    );
    let _ = writeln!(
        text,
        r#"<text x="15" y="{}" transform="rotate(-90 15 {})" text-anchor="middle">median wall time (s)</text>"#,
        HEIGHT / 2.0,
        HEIGHT / 2.0
    );
    for (index, (label, points)) in series.iter().enumerate() {
        let colour = COLOURS[index % COLOURS.len()];
        let path: Vec<String> = points
            .iter()
            .map(|(px, py)| format!("{:.1},{:.1}", x(*px), y(*py)))
            .collect();
        let _ = writeln!(
            text,
            r#"<polyline points="{}" stroke="{colour}" stroke-width="2" fill="none"/>"#,
            path.join(" ")
        );
        for (px, py) in points {
            let _ = writeln!(
                text,
                r#"<circle cx="{:.1}" cy="{:.1}" r="3" fill="{colour}"/>"#,
                x(*px),
                y(*py)
            );
        }
        let legend_y = MARGIN + 18.0 * index as f64;
        let _ = writeln!(
            text,
            r#"<text x="{}" y="{legend_y}" fill="{colour}">{label}</text>"#,
            MARGIN + 12.0
        );
    }
    text.push_str("</svg>\n");
    text
}
