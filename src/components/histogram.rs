//! A small SVG bar chart for distributions (depth to mate, game lengths).

#[cfg(target_arch = "wasm32")]
use {crate::decimal::Fixed, yew::prelude::*};

#[cfg(target_arch = "wasm32")]
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub label: AttrValue,
    /// CSS class giving the bars their colour.
    pub class: AttrValue,
    /// `counts[x]`: how many items have value `x`.
    pub counts: Vec<u64>,
}

#[cfg(target_arch = "wasm32")]
#[derive(Properties, PartialEq)]
pub struct HistogramProps {
    pub series: Vec<Series>,
    pub x_label: AttrValue,
    pub y_label: AttrValue,
}

const W: f64 = 640.0;
const H: f64 = 260.0;
const LEFT: f64 = 64.0;
const BOTTOM: f64 = 36.0;
const TOP: f64 = 14.0;

#[cfg(target_arch = "wasm32")]
#[function_component(Histogram)]
pub fn histogram(props: &HistogramProps) -> Html {
    let width = props
        .series
        .iter()
        .map(|s| s.counts.len())
        .max()
        .unwrap_or(0);
    let max = props
        .series
        .iter()
        .flat_map(|s| s.counts.iter().copied())
        .max()
        .unwrap_or(0)
        .max(1);
    let plot_w = W - LEFT - 8.0;
    let plot_h = H - BOTTOM - TOP;
    let slot = plot_w / width.max(1) as f64;
    let bar = slot / (props.series.len().max(1) as f64 + 0.5);
    let mut bars = Vec::new();
    for (k, series) in props.series.iter().enumerate() {
        for (x, &count) in series.counts.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let h = count as f64 / max as f64 * plot_h;
            let bx = LEFT + x as f64 * slot + bar * 0.25 + k as f64 * bar;
            bars.push(html! {
                <rect class={classes!("bar", series.class.to_string())} x={Fixed(bx, 1).to_string()} y={Fixed(TOP + plot_h - h, 1).to_string()}
                      width={Fixed(bar.max(0.5), 1).to_string()} height={Fixed(h, 1).to_string()}>
                    <title>{ format!("{}: {x} → {count}", series.label) }</title>
                </rect>
            });
        }
    }
    let step = (width / 16).max(1);
    let ticks = (0..width).step_by(step).map(|x| {
        let tx = LEFT + (x as f64 + 0.5) * slot;
        html! { <text class="tick" x={Fixed(tx, 1).to_string()} y={Fixed(H - BOTTOM + 16.0, 1).to_string()}>{ x }</text> }
    });
    let legend = props.series.iter().enumerate().map(|(k, s)| {
        let x = LEFT + 80.0 + k as f64 * 200.0;
        html! { <g>
            <rect class={classes!("bar", s.class.to_string())} x={Fixed(x, 1).to_string()} y={Fixed(TOP, 1).to_string()} width="12" height="12" />
            <text class="legend" x={Fixed(x + 18.0, 1).to_string()} y={Fixed(TOP + 11.0, 1).to_string()}>{ s.label.clone() }</text>
        </g> }
    });
    html! {
        <svg class="histogram" viewBox={format!("0 0 {} {}", Fixed(W, 0), Fixed(H, 0))} role="img"
             aria-label={format!("{} by {}", props.y_label, props.x_label)}>
            <line class="axis" x1={Fixed(LEFT, 1).to_string()} y1={Fixed(TOP + plot_h, 1).to_string()} x2={Fixed(W - 8.0, 1).to_string()} y2={Fixed(TOP + plot_h, 1).to_string()} />
            <line class="axis" x1={Fixed(LEFT, 1).to_string()} y1={Fixed(TOP, 1).to_string()} x2={Fixed(LEFT, 1).to_string()} y2={Fixed(TOP + plot_h, 1).to_string()} />
            <text class="tick" x={Fixed(LEFT - 6.0, 1).to_string()} y={Fixed(TOP + 8.0, 1).to_string()} text-anchor="end">{ group_digits(max) }</text>
            <text class="tick" x={Fixed(LEFT - 6.0, 1).to_string()} y={Fixed(TOP + plot_h, 1).to_string()} text-anchor="end">{ "0" }</text>
            { for bars }
            { for ticks }
            { for legend }
            <text class="axis-label" x={Fixed(LEFT + plot_w / 2.0, 1).to_string()} y={Fixed(H - 4.0, 1).to_string()}>{ props.x_label.clone() }</text>
        </svg>
    }
}

/// `1234567` → `1,234,567`.
pub fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn groups_digits() {
        assert_eq!(super::group_digits(0), "0");
        assert_eq!(super::group_digits(999), "999");
        assert_eq!(super::group_digits(175_168), "175,168");
        assert_eq!(super::group_digits(69_575_678), "69,575,678");
    }
}
