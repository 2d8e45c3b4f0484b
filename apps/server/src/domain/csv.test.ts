import { describe, expect, it } from 'vitest'
import { csvCell, csvLine } from './csv.ts'

describe('ledger CSV cells', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a, b')).toBe('"a, b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
  })

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tcmd')).toBe("'\tcmd")
    expect(csvCell('＝1')).toBe("'＝1")
  })

  it('keeps numbers numbers, negative ones too, and empty for nothing', () => {
    expect(csvCell(-25)).toBe('-25')
    expect(csvCell(0)).toBe('0')
    expect(csvCell(null)).toBe('')
    expect(csvLine(['2026-01-01T00:00:00.000Z', 'hold', -5, 'Sketch render'])).toBe(
      '2026-01-01T00:00:00.000Z,hold,-5,Sketch render\r\n',
    )
  })
})
