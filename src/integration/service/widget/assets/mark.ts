/**
 * GET /link/mark.svg: the tile the widget shows for an integration, drawn by unimock (initials on the brand
 * colour) instead of the real service's logo files, so that opening the widget loads nothing from off the
 * machine.
 */
export function markSvg (name: string, color: string): string {
  const ink = contrast(luminance(color), 1) >= contrast(luminance(color), DARK) ? '#ffffff' : '#0f172a'
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" ' +
    `aria-label="${escapeXml(name)}"><rect width="64" height="64" rx="14" fill="${color}"/>` +
    `<text x="32" y="33" fill="${ink}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" ` +
    `font-size="24" font-weight="650" text-anchor="middle" dominant-baseline="central">${escapeXml(initials(name))}</text></svg>`
}

/** "BambooHR" → "B", "ADP Workforce Now" → "AW": the first letters of the first two words. */
export function initials (name: string): string {
  const words = name.replace(/[^\p{L}\p{N} ]/gu, ' ').split(/\s+/).filter((w) => w !== '')
  if (words.length === 0) return '?'
  return words.slice(0, 2).map((w) => [...w][0]!.toUpperCase()).join('')
}

const DARK = 0.0088 // relative luminance of #0f172a

/** WCAG contrast ratio of two relative luminances. */
function contrast (a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}

/** Relative luminance of a #rrggbb colour (WCAG), to pick dark or light initials. */
function luminance (hex: string): number {
  const channel = (i: number): number => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
}

function escapeXml (text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
