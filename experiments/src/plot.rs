//! SVG plots of experiment and tournament results (plotters): estimates with 95% interval
//! bars against a numeric axis, and a heat map of a tournament's cross-table. Each is drawn
//! into a string and written through `cardsim_sim::output`.

use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use std::path::Path;

/// One point of a series: x, the estimate, and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// The position on the x axis.
    pub x: f64,
    /// The estimate.
    pub y: f64,
    /// The interval's low end.
    pub lo: f64,
    /// The interval's high end.
    pub hi: f64,
}

/// A named series of points.
pub struct Series {
    /// The legend's text.
    pub name: String,
    /// The points, in x order.
    pub points: Vec<Point>,
}

/// What an interval plot shows.
pub struct Axes<'a> {
    /// The title.
    pub title: &'a str,
    /// The x axis's label.
    pub x: &'a str,
    /// The y axis's label.
    pub y: &'a str,
    /// A logarithmic x axis (search budgets).
    pub log_x: bool,
    /// A dashed horizontal reference line (an even match, a fair seat).
    pub reference: Option<f64>,
}

const COLORS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

fn err(path: &Path, e: impl std::fmt::Display) -> String {
    format!("cannot draw {}: {e}", path.display())
}

/// Writes a drawn SVG to its output.
fn save(path: &Path, svg: &str) -> Result<(), String> {
    cardsim_sim::write_file(path, svg.as_bytes()).map_err(|e| e.to_string())
}

/// Draws each series as points joined by lines with 95% interval bars, into an SVG file.
///
/// # Errors
/// A message naming the file.
pub fn intervals(path: &Path, axes: &Axes<'_>, series: &[Series]) -> Result<(), String> {
    let all = series.iter().flat_map(|s| &s.points);
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for p in all {
        let x = if axes.log_x { p.x.log10() } else { p.x };
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(p.lo);
        y1 = y1.max(p.hi);
    }
    if x0 > x1 {
        return Err(err(path, "nothing to plot"));
    }
    if let Some(r) = axes.reference {
        y0 = y0.min(r);
        y1 = y1.max(r);
    }
    let pad_x = ((x1 - x0) * 0.08).max(0.5);
    let pad_y = ((y1 - y0) * 0.08).max(0.01);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (800, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(path, e))?;
        let x_label = if axes.log_x {
            format!("{} (log scale)", axes.x)
        } else {
            axes.x.to_string()
        };
        let mut chart = ChartBuilder::on(&root)
            .caption(axes.title, ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(x0 - pad_x..x1 + pad_x, y0 - pad_y..y1 + pad_y)
            .map_err(|e| err(path, e))?;
        let log_x = axes.log_x;
        let x_fmt = move |x: &f64| {
            if log_x {
                format!("{}", 10f64.powf(*x).round())
            } else {
                format!("{x}")
            }
        };
        chart
            .configure_mesh()
            .x_desc(x_label)
            .y_desc(axes.y)
            .x_label_formatter(&x_fmt)
            .draw()
            .map_err(|e| err(path, e))?;
        if let Some(r) = axes.reference {
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(x0 - pad_x, r), (x1 + pad_x, r)],
                    6,
                    4,
                    BLACK.mix(0.5).stroke_width(1),
                ))
                .map_err(|e| err(path, e))?;
        }
        let n = series.len().max(1) as f64;
        for (k, s) in series.iter().enumerate() {
            let color = COLORS[k % COLORS.len()];
            // Series side by side around each x, so their bars do not overlap.
            let shift = (k as f64 - (n - 1.0) / 2.0) * (x1 - x0 + 1.0) * 0.01;
            let at = |p: &Point| (if log_x { p.x.log10() } else { p.x }) + shift;
            chart
                .draw_series(LineSeries::new(
                    s.points.iter().map(|p| (at(p), p.y)),
                    color.stroke_width(2),
                ))
                .map_err(|e| err(path, e))?
                .label(s.name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
            chart
                .draw_series(
                    s.points
                        .iter()
                        .map(|p| ErrorBar::new_vertical(at(p), p.lo, p.y, p.hi, color.filled(), 8)),
                )
                .map_err(|e| err(path, e))?;
            chart
                .draw_series(
                    s.points
                        .iter()
                        .map(|p| Circle::new((at(p), p.y), 3, color.filled())),
                )
                .map_err(|e| err(path, e))?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(|e| err(path, e))?;
        root.present().map_err(|e| err(path, e))?;
    }
    save(path, &svg)
}

/// Draws a cross-table as a heat map: cell (row, column) is the row agent's win share against
/// the column agent (blue above one half, red below), written in the cell.
///
/// # Errors
/// A message naming the file.
pub fn heat_map(
    path: &Path,
    title: &str,
    agents: &[String],
    share: impl Fn(usize, usize) -> Option<f64>,
) -> Result<(), String> {
    let m = agents.len();
    let side = (140 + 110 * m as u32).min(1600);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (side + 120, side)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(path, e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(120)
            .build_cartesian_2d(0f64..m as f64, 0f64..m as f64)
            .map_err(|e| err(path, e))?;
        let name = |v: &f64| {
            let i = v.floor() as usize;
            if (*v - v.floor() - 0.5).abs() < 1e-9 && i < m {
                agents[i].clone()
            } else {
                String::new()
            }
        };
        let flip = move |v: &f64| m as f64 - v;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(2 * m + 1)
            .y_labels(2 * m + 1)
            .x_label_formatter(&name)
            .y_label_formatter(&|v: &f64| name(&flip(v)))
            .x_desc("opponent")
            .draw()
            .map_err(|e| err(path, e))?;
        for i in 0..m {
            for j in 0..m {
                let (x, y) = (j as f64, (m - 1 - i) as f64);
                let (fill, text) = match share(i, j) {
                    Some(s) => (shade(s), format!("{s:.3}")),
                    None => (RGBColor(230, 230, 230), "-".into()),
                };
                draw_cell(&mut chart, x, y, fill, &text).map_err(|e| err(path, e))?;
            }
        }
        root.present().map_err(|e| err(path, e))?;
    }
    save(path, &svg)
}

fn draw_cell(
    chart: &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    x: f64,
    y: f64,
    fill: RGBColor,
    text: &str,
) -> Result<(), String> {
    chart
        .draw_series(std::iter::once(Rectangle::new(
            [(x, y), (x + 1.0, y + 1.0)],
            fill.filled(),
        )))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(std::iter::once(Text::new(
            text.to_string(),
            (x + 0.35, y + 0.55),
            ("sans-serif", 16),
        )))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Blue for a share above one half, red below, white at one half.
fn shade(s: f64) -> RGBColor {
    let t = ((s - 0.5) * 2.0).clamp(-1.0, 1.0);
    let fade = |c: u8, t: f64| (255.0 - (255.0 - c as f64) * t.abs()) as u8;
    if t >= 0.0 {
        RGBColor(fade(60, t), fade(110, t), fade(200, t))
    } else {
        RGBColor(fade(210, t), fade(70, t), fade(60, t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plots_are_svg_files_with_their_labels() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("curve.svg");
        let series = vec![Series {
            name: "ismcts".into(),
            points: vec![
                Point {
                    x: 100.0,
                    y: 0.4,
                    lo: 0.35,
                    hi: 0.45,
                },
                Point {
                    x: 1000.0,
                    y: 0.55,
                    lo: 0.5,
                    hi: 0.6,
                },
            ],
        }];
        let axes = Axes {
            title: "budget",
            x: "iterations",
            y: "win share",
            log_x: true,
            reference: Some(0.5),
        };
        intervals(&path, &axes, &series).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("ismcts") && svg.contains("budget"));
        let heat = dir.path().join("heat.svg");
        let agents = vec!["a".to_string(), "b".to_string()];
        heat_map(&heat, "t", &agents, |i, j| (i != j).then_some(0.7)).unwrap();
        let svg = std::fs::read_to_string(&heat).unwrap();
        assert!(svg.contains("0.700") && svg.contains("<rect"));
        assert!(intervals(&path, &axes, &[]).is_err());
    }
}
