import type { CameraMovement } from '@parti/contract'
import {
  ArrowDown,
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  type LucideIcon,
  Maximize2,
  Minimize2,
  MoveDown,
  MoveUp,
  Pause,
  Rotate3d,
  RotateCcw,
  RotateCw,
} from 'lucide-react'
import '../camera.css'

/** The direction each move takes, as a glyph: the preview says it in motion, this says it when still. */
const GLYPH: Record<CameraMovement, LucideIcon> = {
  static: Pause,
  zoom_in: Maximize2,
  zoom_out: Minimize2,
  pan_left: ArrowLeft,
  pan_right: ArrowRight,
  pan_up: ArrowUp,
  pan_down: ArrowDown,
  rotate_clockwise: RotateCw,
  rotate_counter: RotateCcw,
  dolly_in: MoveUp,
  dolly_out: MoveDown,
  orbit: Rotate3d,
}

/** A small looping picture of what a camera move does to an image: CSS over an SVG scene, no media. */
export function CameraMovePreview({ move }: { move: CameraMovement }) {
  const Glyph = GLYPH[move]
  return (
    <span
      className="relative block aspect-[16/10] overflow-hidden rounded-lg bg-sky-200 dark:bg-slate-700"
      aria-hidden
    >
      <svg
        aria-hidden
        viewBox="0 0 160 100"
        className={`camera-scene camera-${move} absolute inset-0 size-full`}
        preserveAspectRatio="xMidYMid slice"
      >
        <defs>
          <linearGradient id={`sky-${move}`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#9cc7ea" />
            <stop offset="1" stopColor="#e6f0f7" />
          </linearGradient>
        </defs>
        <rect width="160" height="100" fill={`url(#sky-${move})`} />
        <circle cx="128" cy="22" r="9" fill="#ffd98a" />
        <path d="M0 70 Q40 58 80 66 T160 62 V100 H0z" fill="#9bbf86" />
        <path d="M0 82 H160 V100 H0z" fill="#7ea46c" />
        <g>
          <path d="M56 78 V52 L80 36 L104 52 V78z" fill="#f3ede3" stroke="#3a3a3a" strokeWidth="1.4" />
          <path
            d="M52 54 L80 34 L108 54"
            fill="none"
            stroke="#b5543c"
            strokeWidth="4"
            strokeLinejoin="round"
          />
          <rect x="62" y="56" width="10" height="9" fill="#7fb3d5" stroke="#3a3a3a" strokeWidth="1" />
          <rect x="88" y="56" width="10" height="9" fill="#7fb3d5" stroke="#3a3a3a" strokeWidth="1" />
          <rect x="75" y="62" width="10" height="16" fill="#8a5a3b" stroke="#3a3a3a" strokeWidth="1" />
        </g>
        <circle cx="28" cy="60" r="11" fill="#5f8f55" />
        <rect x="26.5" y="66" width="3" height="14" fill="#6b4f3a" />
        <circle cx="132" cy="64" r="8" fill="#6f9c62" />
        <rect x="130.8" y="68" width="2.4" height="12" fill="#6b4f3a" />
      </svg>
      <span className="absolute end-1 bottom-1 grid size-5 place-items-center rounded-md bg-black/55 text-white">
        <Glyph className="size-3" />
      </span>
    </span>
  )
}
