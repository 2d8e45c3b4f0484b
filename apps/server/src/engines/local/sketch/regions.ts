import { resizeGrey } from '../image-io.ts'
import { matFromGrey, withCv } from '../opencv.ts'
import type { LineArt } from './lines.ts'

/** What a closed area of the drawing most likely is, from its size, shape and position. */
export type Role =
  | 'sky'
  | 'ground'
  | 'wall'
  | 'wall2'
  | 'roof'
  | 'glazing'
  | 'accent'
  | 'ceiling'
  | 'floor'
  | 'furniture'
export const ROLES: readonly Role[] = [
  'sky',
  'ground',
  'wall',
  'wall2',
  'roof',
  'glazing',
  'accent',
  'ceiling',
  'floor',
  'furniture',
]

interface Region {
  label: number
  area: number
  left: number
  top: number
  width: number
  height: number
  cx: number
  cy: number
  touchesTop: boolean
  touchesBottom: boolean
  touchesLeft: boolean
  touchesRight: boolean
  role: Role
}

export interface RegionMap {
  width: number
  height: number
  /** region label per pixel; line pixels carry their nearest region's label */
  labels: Int32Array
  /** role index (into ROLES) per pixel: an open page splits into sky above the horizon and ground below */
  roles: Uint8Array
  /** 255 where a (slightly thickened) line runs */
  lines: Uint8Array
  regions: Region[]
  /** the row where the building meets the ground */
  horizon: number
  interior: boolean
}

/** Gaps in hand-drawn corners up to about this many work pixels are closed before regions are found. */
const GAP = 2

/**
 * Finds the closed areas of a line drawing at a reduced size (fills are smooth, so 512 px is plenty) and
 * gives each a role. Sketch lines rarely meet exactly: thickening them first closes small gaps at corners.
 */
export async function segmentRegions(
  art: LineArt,
  width: number,
  height: number,
  interiorHint: boolean,
): Promise<RegionMap> {
  const small = await resizeGrey(art.mask, art.width, art.height, width, height)
  const { lines, labels, regions } = await withCv((cv, track) => {
    for (let i = 0; i < small.length; i++) small[i] = small[i]! > 40 ? 255 : 0
    const src = track(matFromGrey(cv, small, width, height))
    const thick = track(new cv.Mat())
    const kernel = track(cv.Mat.ones(3, 3, cv.CV_8U))
    cv.dilate(src, thick, kernel, new cv.Point(-1, -1), GAP)
    const open = track(new cv.Mat())
    cv.bitwise_not(thick, open)
    const labelMat = track(new cv.Mat())
    const stats = track(new cv.Mat())
    const centroids = track(new cv.Mat())
    const n = cv.connectedComponentsWithStats(open, labelMat, stats, centroids, 4, cv.CV_32S)
    const s = stats.data32S
    const c = centroids.data64F
    const found: Region[] = []
    for (let label = 0; label < n; label++) {
      const left = s[label * 5]!
      const top = s[label * 5 + 1]!
      const w = s[label * 5 + 2]!
      const h = s[label * 5 + 3]!
      found.push({
        label,
        area: s[label * 5 + 4]!,
        left,
        top,
        width: w,
        height: h,
        cx: c[label * 2]!,
        cy: c[label * 2 + 1]!,
        touchesTop: top <= 0,
        touchesBottom: top + h >= height,
        touchesLeft: left <= 0,
        touchesRight: left + w >= width,
        role: 'wall',
      })
    }
    return { lines: new Uint8Array(thick.data), labels: new Int32Array(labelMat.data32S), regions: found }
  })
  fillLineLabels(labels, width, height)
  const horizon = findHorizon(regions, width, height)
  const interior = interiorHint || looksLikeInterior(regions, width, height)
  classify(regions, labels, width, height, horizon, interior)
  const roles = new Uint8Array(width * height)
  const roleIndex = regions.map((r) => ROLES.indexOf(r.role))
  const skyIndex = ROLES.indexOf('sky')
  const groundIndex = ROLES.indexOf('ground')
  for (let i = 0; i < roles.length; i++) {
    const region = regions[labels[i]!]!
    // one open page around a floating building: sky above its base, ground below
    roles[i] =
      isOpenPage(region) && !interior
        ? i / width < horizon
          ? skyIndex
          : groundIndex
        : roleIndex[region.label]!
  }
  return { width, height, labels, roles, lines, regions, horizon, interior }
}

function isOpenPage(r: Region): boolean {
  return r.touchesTop && r.touchesBottom
}

/**
 * Line pixels take the label of the nearest open pixel along their row or column, whichever is closer: a thick
 * horizontal line between roof and wall splits between them instead of taking the sky at its ends.
 */
function fillLineLabels(labels: Int32Array, width: number, height: number): void {
  const n = labels.length
  const best = new Int32Array(n)
  const bestDist = new Float32Array(n).fill(Number.POSITIVE_INFINITY)
  const consider = (i: number, label: number, dist: number) => {
    if (label !== 0 && dist < bestDist[i]!) {
      bestDist[i] = dist
      best[i] = label
    }
  }
  for (let y = 0; y < height; y++) {
    const row = y * width
    let last = 0
    let lastAt = -1
    for (let x = 0; x < width; x++) {
      const l = labels[row + x]!
      if (l !== 0) {
        last = l
        lastAt = x
      } else if (lastAt >= 0) consider(row + x, last, x - lastAt)
    }
    last = 0
    lastAt = -1
    for (let x = width - 1; x >= 0; x--) {
      const l = labels[row + x]!
      if (l !== 0) {
        last = l
        lastAt = x
      } else if (lastAt >= 0) consider(row + x, last, lastAt - x)
    }
  }
  for (let x = 0; x < width; x++) {
    let last = 0
    let lastAt = -1
    for (let y = 0; y < height; y++) {
      const l = labels[y * width + x]!
      if (l !== 0) {
        last = l
        lastAt = y
      } else if (lastAt >= 0) consider(y * width + x, last, y - lastAt)
    }
    last = 0
    lastAt = -1
    for (let y = height - 1; y >= 0; y--) {
      const l = labels[y * width + x]!
      if (l !== 0) {
        last = l
        lastAt = y
      } else if (lastAt >= 0) consider(y * width + x, last, lastAt - y)
    }
  }
  for (let i = 0; i < n; i++) if (labels[i] === 0) labels[i] = best[i]!
}

/** The base of the drawing: the lowest edge of the enclosed areas (the building), else near the bottom. */
function findHorizon(regions: Region[], width: number, height: number): number {
  let base = 0
  for (const r of regions) {
    if (r.label === 0 || r.touchesTop || r.touchesBottom || r.touchesLeft || r.touchesRight) continue
    if (r.area < width * height * 0.002) continue
    base = Math.max(base, r.top + r.height)
  }
  return base > 0 ? base : Math.round(height * 0.85)
}

/** A room drawn in perspective has side walls that reach the left or right edge without touching top or bottom. */
function looksLikeInterior(regions: Region[], width: number, height: number): boolean {
  return regions.some(
    (r) =>
      r.label !== 0 &&
      (r.touchesLeft || r.touchesRight) &&
      !r.touchesTop &&
      !r.touchesBottom &&
      r.height > height * 0.45 &&
      r.area > width * height * 0.04,
  )
}

function classify(
  regions: Region[],
  labels: Int32Array,
  width: number,
  height: number,
  horizon: number,
  interior: boolean,
): void {
  const total = width * height
  const order = regions.filter((r) => r.label !== 0).sort((a, b) => b.area - a.area)
  let wallRank = 0
  for (const r of order) {
    const border = r.touchesTop || r.touchesBottom || r.touchesLeft || r.touchesRight
    if (border) {
      r.role = interior ? borderRoleInside(r, height) : borderRoleOutside(r, horizon)
      continue
    }
    const a = r.area / total
    const fill = r.area / Math.max(1, r.width * r.height)
    const aspect = r.width / Math.max(1, r.height)
    const rectangular = fill > 0.85
    const parent = surroundingRole(r, regions, labels, width, height)
    if (interior) {
      r.role = a < 0.00015 ? (parent ?? 'wall') : roleInside(r, parent, a, rectangular, height)
      if (r.role === 'wall' && wallRank++ % 2 === 1) r.role = 'wall2'
      continue
    }
    if (a < 0.00015) r.role = parent ?? 'wall'
    else if (rectangular && a < 0.02 && (aspect > 8 || aspect < 0.125))
      r.role = 'roof' // fascia, parapet, trim
    else if (
      rectangular &&
      a < 0.04 &&
      (parent === 'sky' || parent === 'ground' || parent === 'roof' || parent === 'ceiling')
    )
      r.role = 'roof' // chimney, dormer cheek: building parts standing against the sky or the roof
    else if (
      rectangular &&
      a < 0.03 &&
      r.height > r.width * 1.4 &&
      Math.abs(r.top + r.height - horizon) < height * 0.03
    )
      r.role = 'accent' // a door: tall, standing on the ground line
    else if (rectangular && a < 0.04 && aspect > 0.12 && aspect < 8) r.role = 'glazing'
    else if (
      !rectangular &&
      fill < 0.75 &&
      a > 0.003 &&
      r.top + r.height <= horizon - height * 0.1 &&
      !interior
    )
      r.role = 'roof'
    else if (a > 0.02) r.role = wallRank++ % 2 === 0 ? 'wall' : 'wall2'
    else r.role = 'wall2'
  }
}

function borderRoleOutside(r: Region, horizon: number): Role {
  if (r.touchesTop && !r.touchesBottom) return 'sky'
  if (r.touchesBottom && !r.touchesTop) return 'ground'
  if (r.touchesTop && r.touchesBottom) return 'sky' // split per pixel at the horizon
  return r.cy < horizon ? 'sky' : 'ground'
}

/**
 * A closed area inside a room: what stands on the floor is furniture; an upright rectangle in a wall, above
 * the floor, is a window (light: it looks out); a tall one down to the floor is a door; large areas are walls.
 */
function roleInside(r: Region, parent: Role | null, a: number, rectangular: boolean, height: number): Role {
  const aspect = r.width / Math.max(1, r.height)
  const bottom = r.top + r.height
  if (parent === 'floor' || parent === 'furniture') return 'furniture'
  if (rectangular && a < 0.03 && r.height > r.width * 1.8 && bottom > height * 0.6) return 'accent'
  const inWall = parent === 'wall' || parent === 'wall2' || parent === 'ceiling'
  if (rectangular && inWall && a < 0.1 && aspect > 0.2 && aspect < 6 && bottom < height * 0.8)
    return 'glazing'
  if (a > 0.02) return 'wall'
  return parent === 'glazing' ? 'glazing' : 'furniture'
}

function borderRoleInside(r: Region, height: number): Role {
  if (r.touchesTop && r.cy < height * 0.4) return 'ceiling'
  if (r.touchesBottom && r.cy > height * 0.6) return 'floor'
  return 'wall2'
}

/** The role most common just outside a region's box: what the region sits in (a window sits in a wall). */
function surroundingRole(
  r: Region,
  regions: Region[],
  labels: Int32Array,
  width: number,
  height: number,
): Role | null {
  const d = GAP * 2 + 3
  const xs = [r.left - d, r.left + r.width / 2, r.left + r.width + d]
  const ys = [r.top - d, r.top + r.height / 2, r.top + r.height + d]
  const votes = new Map<Role, number>()
  for (const x of xs) {
    for (const y of ys) {
      if (x === xs[1] && y === ys[1]) continue
      const px = Math.round(x)
      const py = Math.round(y)
      if (px < 0 || py < 0 || px >= width || py >= height) continue
      const label = labels[py * width + px]!
      if (label === r.label || label === 0) continue
      const other = regions[label]!
      if (other.area <= r.area) continue
      votes.set(other.role, (votes.get(other.role) ?? 0) + 1)
    }
  }
  let best: Role | null = null
  let bestVotes = 0
  for (const [role, count] of votes) {
    if (count > bestVotes) {
      best = role
      bestVotes = count
    }
  }
  return best
}
