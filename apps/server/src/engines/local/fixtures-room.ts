import { houseSketch, type Pt, type Seg, type SketchOptions } from './fixtures.ts'

// A living room drawn as an architect sketches one: a back wall with a wide window, a sofa on the floor, and a
// handwritten note whose i's have their dots (1024×768 design units, like the other sketches).

const box = (x0: number, y0: number, x1: number, y1: number): Seg[] => [
  [
    [x0, y0],
    [x1, y0],
  ],
  [
    [x1, y0],
    [x1, y1],
  ],
  [
    [x1, y1],
    [x0, y1],
  ],
  [
    [x0, y1],
    [x0, y0],
  ],
]

/** Where things are, for tests that measure them. */
export const LIVING_ROOM = {
  window: { x0: 380, y0: 230, x1: 644, y1: 400 },
  sofa: { x0: 320, y0: 500, x1: 704, y1: 640 },
  /** the dots of the i's in the note "living", lower left */
  dots: [
    [60, 680],
    [96, 680],
    [132, 680],
  ] as Pt[],
}

function livingRoomSegments(): Seg[] {
  const w = LIVING_ROOM.window
  const cx = (w.x0 + w.x1) / 2
  // the note: three i stems (the dots are drawn apart) and a few letter strokes between them
  const note: Seg[] = LIVING_ROOM.dots.flatMap(([x]): Seg[] => [
    [
      [x, 706],
      [x, 728],
    ],
    [
      [x + 10, 706],
      [x + 22, 728],
    ],
  ])
  return [
    ...box(300, 190, 724, 470),
    [
      [0, 0],
      [300, 190],
    ],
    [
      [1024, 0],
      [724, 190],
    ],
    [
      [0, 768],
      [300, 470],
    ],
    [
      [1024, 768],
      [724, 470],
    ],
    ...box(w.x0, w.y0, w.x1, w.y1),
    [
      [cx, w.y0],
      [cx, w.y1],
    ],
    // the sofa: backrest, seat and two arms
    ...box(350, 500, 674, 560),
    ...box(350, 560, 674, 630),
    ...box(320, 530, 350, 640),
    ...box(674, 530, 704, 640),
    ...note,
  ]
}

export function livingRoomSketch(options: SketchOptions = {}): Promise<Buffer> {
  return houseSketch({ ...options, segments: livingRoomSegments(), dots: LIVING_ROOM.dots })
}
