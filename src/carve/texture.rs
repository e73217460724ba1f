//! The base colour textures of model files, decoded to 8-bit RGBA in plain Rust: PNG with the
//! `png` crate (the decoder Bevy's own `png` feature builds) and baseline or progressive JPEG
//! with `zune-jpeg`. The reader's tests see the pixels, and the game hands Bevy ready pixels,
//! so it needs none of Bevy's image formats beyond the PNG it already has (for screenshots).
//!
//! JPEG is decoded on the desktop only: the browser build leaves `zune-jpeg` out, to keep its
//! download within its size goal (`web/README.md`), and a JPEG texture there is an error the
//! reader turns into a warning (the part keeps its base colour).
//!
//! No input makes it allocate more than [`MAX_SIDE`]² pixels: the size in a file's header is
//! checked before the pixels are decoded.

use std::fmt;
use std::io::Cursor;

/// The widest and tallest texture read: more than a game piece shows on any screen, and small
/// enough (64 MiB of RGBA) that a hostile header cannot exhaust memory, nor a browser's.
pub const MAX_SIDE: u32 = 4096;

/// The two picture formats the reader takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Jpeg,
}

impl ImageFormat {
    /// The format the bytes start with (PNG's and JPEG's signatures), whatever a file's name or
    /// `mimeType` says.
    pub fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(ImageFormat::Png)
        } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(ImageFormat::Jpeg)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ImageFormat::Png => "PNG",
            ImageFormat::Jpeg => "JPEG",
        }
    }
}

impl fmt::Display for ImageFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A decoded picture: rows from the top, four bytes (sRGB red, green, blue, and alpha) per pixel.
#[derive(Clone, PartialEq, Eq)]
pub struct Pixels {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl fmt::Debug for Pixels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pixels({}×{})", self.width, self.height)
    }
}

impl Pixels {
    /// The pixel at column `x`, row `y` (from the top); transparent black outside.
    pub fn at(&self, x: u32, y: u32) -> [u8; 4] {
        if x >= self.width || y >= self.height {
            return [0; 4];
        }
        let i = 4 * (y as usize * self.width as usize + x as usize);
        match self.rgba.get(i..i + 4) {
            Some(p) => [p[0], p[1], p[2], p[3]],
            None => [0; 4],
        }
    }

    /// The pixel a texture coordinate falls on, nearest, with the texture repeated (glTF's UV
    /// origin is the top left corner of the picture).
    pub fn sample(&self, uv: [f32; 2]) -> [u8; 4] {
        let wrap = |t: f32, n: u32| {
            let f = t - t.floor();
            ((f * n as f32) as u32).min(n.saturating_sub(1))
        };
        self.at(wrap(uv[0], self.width), wrap(uv[1], self.height))
    }
}

/// Decodes a PNG or JPEG picture to RGBA; the error says what is wrong, in a few words.
pub fn decode(bytes: &[u8]) -> Result<(ImageFormat, Pixels), String> {
    let Some(format) = ImageFormat::sniff(bytes) else {
        let start: Vec<String> = bytes.iter().take(4).map(|b| format!("{b:02x}")).collect();
        return Err(format!(
            "neither PNG nor JPEG (it starts with the bytes {})",
            if start.is_empty() {
                "of nothing: it is empty".to_string()
            } else {
                start.join(" ")
            }
        ));
    };
    let pixels = match format {
        ImageFormat::Png => png(bytes),
        ImageFormat::Jpeg => jpeg(bytes),
    }
    .map_err(|e| format!("a {format} that cannot be decoded: {e}"))?;
    Ok((format, pixels))
}

fn too_big(width: u32, height: u32) -> Option<String> {
    (width > MAX_SIDE || height > MAX_SIDE || width == 0 || height == 0).then(|| {
        format!("{width}×{height} pixels; textures from 1×1 to {MAX_SIDE}×{MAX_SIDE} can be read")
    })
}

fn png(bytes: &[u8]) -> Result<Pixels, String> {
    let limits = png::Limits {
        bytes: (MAX_SIDE as usize).pow(2) * 4 + (1 << 20),
    };
    let mut decoder = png::Decoder::new_with_limits(Cursor::new(bytes), limits);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let (width, height) = (reader.info().width, reader.info().height);
    if let Some(e) = too_big(width, height) {
        return Err(e);
    }
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| "its size overflows".to_string())?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    let channels = match info.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return Err("a palette that was not expanded".into()),
    };
    let rows = buf.chunks(info.line_size).take(height as usize);
    let mut rgba = Vec::with_capacity(width as usize * height as usize * 4);
    for row in rows {
        for p in row.chunks_exact(channels).take(width as usize) {
            rgba.extend(match p {
                [g] => [*g, *g, *g, 255],
                [g, a] => [*g, *g, *g, *a],
                [r, g, b] => [*r, *g, *b, 255],
                [r, g, b, a] => [*r, *g, *b, *a],
                _ => [0, 0, 0, 255],
            });
        }
    }
    finish(width, height, rgba)
}

#[cfg(target_arch = "wasm32")]
fn jpeg(_: &[u8]) -> Result<Pixels, String> {
    Err("not decoded in the browser build (kept small): save the texture as PNG".into())
}

#[cfg(not(target_arch = "wasm32"))]
fn jpeg(bytes: &[u8]) -> Result<Pixels, String> {
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::RGBA)
        .set_max_width(MAX_SIDE as usize)
        .set_max_height(MAX_SIDE as usize);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(Cursor::new(bytes), options);
    decoder.decode_headers().map_err(|e| e.to_string())?;
    let info = decoder
        .info()
        .ok_or_else(|| "no frame header".to_string())?;
    let (width, height) = (u32::from(info.width), u32::from(info.height));
    if let Some(e) = too_big(width, height) {
        return Err(e);
    }
    let data = decoder.decode().map_err(|e| e.to_string())?;
    let pixels = width as usize * height as usize;
    let rgba = match data.len().checked_div(pixels) {
        Some(4) => data,
        Some(3) => data
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        Some(1) => data.iter().flat_map(|&g| [g, g, g, 255]).collect(),
        _ => return Err(format!("{} bytes for {pixels} pixels", data.len())),
    };
    finish(width, height, rgba)
}

fn finish(width: u32, height: u32, rgba: Vec<u8>) -> Result<Pixels, String> {
    if rgba.len() != width as usize * height as usize * 4 {
        return Err(format!(
            "{} bytes of pixels for {width}×{height}",
            rgba.len()
        ));
    }
    Ok(Pixels {
        width,
        height,
        rgba,
    })
}
