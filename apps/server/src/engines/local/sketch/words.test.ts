import { describe, expect, it } from 'vitest'
import type { Rgb } from '../color.ts'
import { type Finishes, readFinishes } from './words.ts'

const RED: Rgb = [176, 52, 44]
const BLACK: Rgb = [36, 36, 40]
const WHITE: Rgb = [244, 242, 236]
const GREY: Rgb = [128, 130, 134]
const GREEN: Rgb = [70, 128, 78]

type Case = [string, Finishes]

// One line per language and phrasing: what the walls, the roof, the windows and the door become.
const CASES: Case[] = [
  [
    'a house with white rendered walls and a grey slate roof',
    { walls: { material: 'render', colour: WHITE }, roof: { material: 'slate', colour: GREY } },
  ],
  [
    'a red brick house with a black roof',
    { walls: { material: 'brick', colour: RED }, roof: { material: null, colour: BLACK } },
  ],
  ['a timber cabin with green walls', { walls: { material: 'timber', colour: GREEN } }],
  [
    'a living room with white walls and a green sofa',
    { walls: { material: null, colour: WHITE }, furniture: { material: null, colour: GREEN } },
  ],
  ['un salon avec un canapé vert', { furniture: { material: null, colour: GREEN } }],
  [
    'Concrete villa, glass windows, black door',
    {
      walls: { material: 'concrete', colour: null },
      windows: { material: 'glass', colour: null },
      door: { material: null, colour: BLACK },
    },
  ],
  [
    'a stone cottage with a slate roof',
    { walls: { material: 'stone', colour: null }, roof: { material: 'slate', colour: null } },
  ],
  [
    'una casa de ladrillo rojo con techo negro',
    { walls: { material: 'brick', colour: RED }, roof: { material: null, colour: BLACK } },
  ],
  [
    'paredes blancas de estuco y tejado de pizarra gris',
    { walls: { material: 'render', colour: WHITE }, roof: { material: 'slate', colour: GREY } },
  ],
  [
    'une maison en brique rouge avec un toit noir',
    { walls: { material: 'brick', colour: RED }, roof: { material: null, colour: BLACK } },
  ],
  ['une cabane en bois aux murs verts', { walls: { material: 'timber', colour: GREEN } }],
  [
    'uma casa de tijolo vermelho com telhado preto',
    { walls: { material: 'brick', colour: RED }, roof: { material: null, colour: BLACK } },
  ],
  [
    'ein rotes Backsteinhaus mit schwarzem Dach',
    { walls: { material: null, colour: RED }, roof: { material: null, colour: BLACK } },
  ],
  [
    'ein Haus mit weißen verputzten Wänden und grauem Schieferdach',
    { walls: { material: 'render', colour: WHITE } },
  ],
  [
    'een rood bakstenen huis met een zwart dak',
    { walls: { material: 'brick', colour: RED }, roof: { material: null, colour: BLACK } },
  ],
  ['een houten hut met groene muren', { walls: { material: 'timber', colour: GREEN } }],
  [
    'منزل من الطوب الأحمر بسقف أسود',
    { walls: { material: 'brick', colour: RED }, roof: { material: null, colour: BLACK } },
  ],
  ['كوخ خشبي بجدران خضراء', { walls: { material: 'timber', colour: GREEN } }],
  ['a modern family house', {}],
]

describe('readFinishes', () => {
  it.each(CASES)('%s', (text, expected) => {
    const got = readFinishes(text)
    for (const [part, finish] of Object.entries(expected)) expect(got[part as keyof Finishes]).toEqual(finish)
    if (Object.keys(expected).length === 0) expect(got).toEqual({})
  })

  it('does not read a colour from a word that only starts like one', () => {
    expect(readFinishes('reduce the redundant parts')).toEqual({})
  })
})
