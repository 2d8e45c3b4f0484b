import { HeroClip } from './HeroClip'

/**
 * The hero visual: one elevation of a house drawn twice, as a pencil sketch on gridded paper (a blueprint in
 * dark mode) and as a coloured render, with a wipe that turns one into the other. Pure SVG and CSS, no media
 * download at first paint (the product's real clip replaces it once the page has loaded, HeroClip.tsx); the
 * wipe stops (half and half) for people who ask for reduced motion.
 */

const css = `
.hv { --paper:#f6f3ec; --grid:#e4dfd3; --line:#34322d; --line-soft:#8a857a; }
.dark .hv { --paper:#132042; --grid:#1f2f5a; --line:#dbe4ff; --line-soft:#7f93c9; }
.hv-render { clip-path: inset(0 100% 0 0); animation: hv-wipe 9s cubic-bezier(.65,0,.35,1) 0.6s infinite; }
.hv-handle { transform: translateX(0%); animation: hv-handle 9s cubic-bezier(.65,0,.35,1) 0.6s infinite; }
.hv-draw path, .hv-draw line, .hv-draw rect, .hv-draw circle { stroke-dasharray: 1400; stroke-dashoffset: 1400; animation: hv-draw 1.6s ease-out forwards; }
@keyframes hv-wipe { 0%,6% { clip-path: inset(0 100% 0 0) } 42%,72% { clip-path: inset(0 0 0 0) } 96%,100% { clip-path: inset(0 100% 0 0) } }
@keyframes hv-handle { 0%,6% { transform: translateX(0%) } 42%,72% { transform: translateX(100%) } 96%,100% { transform: translateX(0%) } }
@keyframes hv-draw { to { stroke-dashoffset: 0 } }
@media (prefers-reduced-motion: reduce) {
  .hv-render { animation: none !important; clip-path: inset(0 45% 0 0); }
  .hv-handle { animation: none !important; transform: translateX(55%); }
  .hv-draw path, .hv-draw line, .hv-draw rect, .hv-draw circle { animation: none !important; stroke-dashoffset: 0; }
}
`

function Sketch() {
  const grid = []
  for (let x = 20; x < 640; x += 20) grid.push(<line key={`x${x}`} x1={x} y1={0} x2={x} y2={480} />)
  for (let y = 20; y < 480; y += 20) grid.push(<line key={`y${y}`} x1={0} y1={y} x2={640} y2={y} />)
  return (
    <svg viewBox="0 0 640 480" className="absolute inset-0 size-full" aria-hidden>
      <rect width="640" height="480" fill="var(--paper)" />
      <g stroke="var(--grid)" strokeWidth="1">
        {grid}
      </g>
      <g className="hv-draw" fill="none" stroke="var(--line)" strokeLinecap="round" strokeLinejoin="round">
        {/* ground, with the overshoot of a hand-drawn line */}
        <path d="M28 381 L612 379" strokeWidth="2" />
        {/* lower volume */}
        <path d="M92 270 L430 271 M100 262 L101 388 M420 262 L421 386" strokeWidth="2" />
        {/* upper cantilevered volume */}
        <path d="M170 170 L552 169 M172 270 L550 271 M180 160 L181 280 M540 160 L541 281" strokeWidth="2.2" />
        {/* roof slab */}
        <path d="M164 160 L560 159 M164 168 L560 167" strokeWidth="1.4" />
        {/* ribbon window and mullions */}
        <rect x="220" y="195" width="280" height="50" strokeWidth="1.6" />
        <path d="M290 195 L290 245 M360 195 L360 245 M430 195 L430 245" strokeWidth="1.2" />
        {/* ground-floor glazing and door */}
        <rect x="130" y="290" width="170" height="82" strokeWidth="1.6" />
        <path d="M187 290 L187 372 M244 290 L244 372" strokeWidth="1.2" />
        <path d="M330 380 L330 300 L372 300 L372 380 M364 342 L364 350" strokeWidth="1.6" />
        {/* cladding lines */}
        <path
          d="M196 172 L196 190 M208 172 L208 190 M512 172 L512 190 M524 172 L524 190 M512 250 L512 268 M524 250 L524 268 M196 250 L196 268 M208 250 L208 268"
          strokeWidth="1"
          stroke="var(--line-soft)"
        />
        {/* shadow hatching under the cantilever */}
        <path
          d="M432 300 L452 280 M432 320 L472 280 M432 340 L492 280 M432 360 L512 280 M440 376 L536 280 M462 378 L540 300 M486 378 L540 324 M510 378 L540 348"
          strokeWidth="1"
          stroke="var(--line-soft)"
        />
        {/* tree */}
        <path
          d="M578 380 L576 304 M576 330 L560 312 M577 318 L592 300 M540 276 C528 236 566 214 584 228 C606 212 632 248 616 270 C630 292 604 318 584 306 C566 320 536 304 540 276 Z"
          strokeWidth="1.6"
        />
        {/* a figure for scale */}
        <path d="M396 379 L398 356 L402 379 M398 356 L398 336 M392 346 L404 346" strokeWidth="1.4" />
        <circle cx="398" cy="330" r="5" strokeWidth="1.4" />
        {/* dimension line */}
        <path
          d="M100 420 L540 420 M100 412 L100 428 M540 412 L540 428 M96 424 L104 416 M536 424 L544 416"
          strokeWidth="1"
        />
      </g>
      <text
        x="320"
        y="440"
        textAnchor="middle"
        fontSize="13"
        fill="var(--line-soft)"
        fontFamily="ui-monospace, monospace"
      >
        14.60
      </text>
    </svg>
  )
}

function Render() {
  return (
    <svg viewBox="0 0 640 480" className="absolute inset-0 size-full" aria-hidden>
      <defs>
        <linearGradient id="hv-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#a9c6e4" />
          <stop offset="0.7" stopColor="#e9ecea" />
          <stop offset="1" stopColor="#f6ead8" />
        </linearGradient>
        <linearGradient id="hv-glass" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3d5366" />
          <stop offset="0.55" stopColor="#6f879a" />
          <stop offset="1" stopColor="#2b3a47" />
        </linearGradient>
        <linearGradient id="hv-warm" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f7d9a6" stopOpacity="0.9" />
          <stop offset="1" stopColor="#e2a869" stopOpacity="0.6" />
        </linearGradient>
        <linearGradient id="hv-lawn" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8aa673" />
          <stop offset="1" stopColor="#5f7e4c" />
        </linearGradient>
        <pattern id="hv-timber" width="12" height="100" patternUnits="userSpaceOnUse">
          <rect width="12" height="100" fill="#b98254" />
          <rect x="11" width="1" height="100" fill="#94623b" />
          <rect x="4" width="3" height="100" fill="#c08b5d" opacity="0.5" />
        </pattern>
      </defs>
      <rect width="640" height="480" fill="url(#hv-sky)" />
      <circle cx="520" cy="84" r="46" fill="#fff6dc" opacity="0.7" />
      <path
        d="M0 360 C120 330 220 346 320 338 C430 330 520 318 640 340 L640 380 L0 380 Z"
        fill="#a9b99c"
        opacity="0.6"
      />
      <rect y="380" width="640" height="100" fill="url(#hv-lawn)" />
      <path d="M330 380 L372 380 L420 480 L300 480 Z" fill="#ddd5c4" />
      {/* cantilever shadow on the ground */}
      <path d="M420 380 L548 380 L560 396 L420 396 Z" fill="#1f2a1a" opacity="0.22" />
      {/* lower volume: white render */}
      <rect x="100" y="270" width="320" height="110" fill="#f1eee8" />
      <rect x="100" y="270" width="320" height="10" fill="#000" opacity="0.12" />
      <rect x="130" y="290" width="170" height="82" fill="url(#hv-glass)" />
      <rect x="131" y="291" width="55" height="80" fill="url(#hv-warm)" opacity="0.85" />
      <rect x="245" y="291" width="54" height="80" fill="url(#hv-warm)" opacity="0.5" />
      <path d="M187 290 L187 372 M244 290 L244 372" stroke="#2a2a28" strokeWidth="3" />
      <rect x="130" y="290" width="170" height="82" fill="none" stroke="#2a2a28" strokeWidth="3" />
      <path d="M150 372 L210 290 L230 290 L170 372 Z" fill="#fff" opacity="0.12" />
      <rect x="330" y="300" width="42" height="80" fill="#4a3a2e" />
      <rect x="362" y="340" width="3" height="12" fill="#d8c7a6" />
      {/* space under the cantilever */}
      <rect x="420" y="270" width="120" height="110" fill="#c9c3b5" opacity="0.55" />
      <rect x="526" y="270" width="8" height="110" fill="#8e887b" />
      {/* upper volume: timber */}
      <rect x="180" y="170" width="360" height="100" fill="url(#hv-timber)" />
      <rect x="180" y="250" width="360" height="20" fill="#000" opacity="0.08" />
      <rect x="220" y="195" width="280" height="50" fill="url(#hv-glass)" />
      <rect x="292" y="196" width="67" height="48" fill="url(#hv-warm)" opacity="0.7" />
      <path d="M290 195 L290 245 M360 195 L360 245 M430 195 L430 245" stroke="#262624" strokeWidth="3" />
      <rect x="220" y="195" width="280" height="50" fill="none" stroke="#262624" strokeWidth="3" />
      <path d="M330 245 L370 195 L390 195 L350 245 Z" fill="#fff" opacity="0.14" />
      {/* roof slab */}
      <rect x="168" y="160" width="384" height="10" fill="#e8e4dc" />
      <rect x="168" y="168" width="384" height="3" fill="#000" opacity="0.15" />
      {/* tree */}
      <rect x="573" y="300" width="6" height="80" fill="#6b5440" />
      <circle cx="560" cy="272" r="30" fill="#5f7f4f" />
      <circle cx="596" cy="262" r="32" fill="#6f9159" />
      <circle cx="580" cy="238" r="28" fill="#84a66c" />
      <circle cx="604" cy="292" r="22" fill="#5a7748" />
      {/* figure */}
      <rect x="394" y="340" width="8" height="40" rx="3" fill="#30404f" />
      <circle cx="398" cy="332" r="6" fill="#6b4f3f" />
    </svg>
  )
}

export function HeroVisual({
  sketchLabel,
  renderLabel,
  clipCaption,
}: {
  sketchLabel: string
  renderLabel: string
  /** the real clip's caption; it replaces the drawing once it plays */
  clipCaption: string
}) {
  return (
    <div className="hv relative" dir="ltr">
      <style>{css}</style>
      <div className="relative aspect-[4/3] overflow-hidden rounded-2xl border border-border bg-surface shadow-pop">
        <Sketch />
        <span className="absolute end-3 top-3 rounded-full bg-white/85 px-2.5 py-1 text-[11px] font-medium tracking-wide text-neutral-900 ring-1 ring-black/5 backdrop-blur">
          {sketchLabel}
        </span>
        {/* the render is revealed from the left, so its label travels with it */}
        <div className="hv-render absolute inset-0">
          <Render />
          <span className="absolute start-3 top-3 rounded-full bg-black/55 px-2.5 py-1 text-[11px] font-medium tracking-wide text-white backdrop-blur">
            {renderLabel}
          </span>
        </div>
        <div className="hv-handle pointer-events-none absolute inset-0" aria-hidden>
          <div className="absolute inset-y-0 start-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.08)]" />
          <div className="absolute top-1/2 start-0 grid size-8 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white shadow-pop">
            <svg viewBox="0 0 16 16" className="size-4 text-neutral-700" aria-hidden>
              <path
                d="M6 4 L2 8 L6 12 M10 4 L14 8 L10 12"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
              />
            </svg>
          </div>
        </div>
        <HeroClip caption={clipCaption} />
      </div>
    </div>
  )
}
