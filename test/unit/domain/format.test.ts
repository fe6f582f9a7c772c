import fc from 'fast-check'
import {
  IM_ID_LIKE,
  fenToYuan,
  formatCreationDate,
  formatDuration,
  formatFileSize,
  formatSendTime,
  maskImNickname,
  sendTimeText,
  wholeSeconds,
} from '../../../src/domain/format'

// Local-time constructors keep expectations independent of the machine's time zone.
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number => new Date(y, mo - 1, d, h, mi, s).getTime()

describe('formatSendTime', () => {
  const now = at(2024, 6, 15, 10, 30)

  test.each([
    [at(2024, 6, 15, 0, 0), { date: null, period: 'morning', time: '12:00' }],
    [at(2024, 6, 15, 9, 5), { date: null, period: 'morning', time: '9:05' }],
    [at(2024, 6, 15, 11, 59, 59), { date: null, period: 'morning', time: '11:59' }],
    [at(2024, 6, 15, 12, 0), { date: null, period: 'afternoon', time: '12:00' }],
    [at(2024, 6, 15, 23, 59), { date: null, period: 'afternoon', time: '11:59' }],
    [at(2024, 6, 14, 23, 59), { date: '06-14', period: 'afternoon', time: '11:59' }],
    [at(2024, 1, 1, 8, 0), { date: '01-01', period: 'morning', time: '8:00' }],
    [at(2024, 12, 31, 13, 0), { date: '12-31', period: 'afternoon', time: '1:00' }],
    [at(2023, 6, 15, 10, 30), { date: '2023-06-15', period: 'morning', time: '10:30' }],
    [at(2025, 6, 15, 14, 1), { date: '2025-06-15', period: 'afternoon', time: '2:01' }],
  ])('%d', (ms, expected) => {
    expect(formatSendTime(ms, now)).toEqual(expected)
  })

  test('same day of another month is not today', () => {
    expect(formatSendTime(at(2024, 5, 15, 10, 0), now)?.date).toBe('05-15')
  })

  test('invalid times give null', () => {
    for (const ms of [NaN, Infinity, -Infinity, 9e15]) expect(formatSendTime(ms, now)).toBeNull()
  })

  test('an invalid "now" shows the full date', () => {
    expect(formatSendTime(at(2024, 6, 15, 10, 0), NaN)?.date).toBe('2024-06-15')
  })

  test('defaults "now" to the current time', () => {
    expect(formatSendTime(Date.now())?.date).toBeNull()
  })

  test('property: never throws; a 12-hour h:mm that, with the period, gives back the hour', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (ms, n) => {
        const r = formatSendTime(ms, n)
        if (r === null) return Number.isNaN(new Date(ms).getTime())
        const match = /^(1[0-2]|[1-9]):([0-5]\d)$/.exec(r.time)
        if (!match) return false
        const hour12 = Number(match[1]) % 12
        const hour = r.period === 'afternoon' ? hour12 + 12 : hour12
        const d = new Date(ms)
        return hour === d.getHours() && Number(match[2]) === d.getMinutes()
      }),
    )
  })
})

describe('formatCreationDate', () => {
  test.each([
    [at(2024, 3, 9, 23, 59), '2024-03-09'],
    [at(1999, 12, 31), '1999-12-31'],
    [at(2024, 10, 1, 0, 0), '2024-10-01'],
    [NaN, ''],
    [Infinity, ''],
  ])('%d -> %s', (ms, expected) => {
    expect(formatCreationDate(ms)).toBe(expected)
  })
})

describe('a fixed zone (the server writing for readers in China Standard Time)', () => {
  const CST = 8 * 60
  // 2024-03-09 01:00 UTC is 09:00 in UTC+8; 16:30 UTC is 00:30 the next day there
  const nineAm = Date.UTC(2024, 2, 9, 1, 0)
  const halfPastMidnight = Date.UTC(2024, 2, 9, 16, 30)

  test('reads the calendar in that zone, whatever the machine\'s zone', () => {
    expect(formatSendTime(nineAm, Date.UTC(2025, 0, 1), CST)).toEqual({ date: '2024-03-09', period: 'morning', time: '9:00' })
    expect(formatSendTime(halfPastMidnight, Date.UTC(2025, 0, 1), CST)).toEqual({ date: '2024-03-10', period: 'morning', time: '12:30' })
    expect(formatCreationDate(halfPastMidnight, CST)).toBe('2024-03-10')
    expect(formatCreationDate(halfPastMidnight, 0)).toBe('2024-03-09')
  })

  test('"today" is today in that zone', () => {
    expect(formatSendTime(halfPastMidnight, Date.UTC(2024, 2, 9, 23, 0), CST)?.date).toBeNull()
    expect(formatSendTime(halfPastMidnight, Date.UTC(2024, 2, 9, 15, 0), CST)?.date).toBe('03-10')
  })

  test('a time the zone pushes out of range gives null, never throws', () => {
    expect(formatSendTime(8.64e15, 0, CST)).toBeNull()
    expect(formatCreationDate(8.64e15, CST)).toBe('')
    expect(formatSendTime(NaN, 0, CST)).toBeNull()
  })

  test('property: the zone\'s reading is the UTC reading of the shifted time', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.6e15, max: 8.6e15 }), fc.integer({ min: -14 * 60, max: 14 * 60 }), (ms, zone) => {
        const r = formatSendTime(ms, ms, zone)
        const shifted = new Date(ms + zone * 60_000)
        if (Number.isNaN(shifted.getTime())) return r === null
        const hour = shifted.getUTCHours()
        return r !== null && r.date === null && r.time === `${hour % 12 || 12}:${String(shifted.getUTCMinutes()).padStart(2, '0')}` && r.period === (hour >= 12 ? 'afternoon' : 'morning')
      }),
    )
  })
})

describe('sendTimeText', () => {
  const words = { morning: '上午', afternoon: '下午' }
  const now = at(2024, 6, 15, 10, 30)

  test.each([
    [at(2024, 6, 15, 9, 5), '上午 9:05'],
    [at(2024, 6, 14, 13, 0), '06-14 下午 1:00'],
    [at(2023, 6, 15, 0, 0), '2023-06-15 上午 12:00'],
    [NaN, ''],
  ])('%d -> %s', (ms, expected) => {
    expect(sendTimeText(ms, words, now)).toBe(expected)
  })

  test('uses the words it is given', () => {
    expect(sendTimeText(at(2024, 6, 15, 15, 0), { morning: 'AM', afternoon: 'PM' }, now)).toBe('PM 3:00')
  })
})

describe('fenToYuan', () => {
  test.each([
    [990, '9.90'],
    [1, '0.01'],
    [10, '0.10'],
    [100, '1.00'],
    [0, '0.00'],
    [-0, '0.00'],
    [123456789, '1234567.89'],
    [-1, '-0.01'],
    [-990, '-9.90'],
    [0.5, '0.01'],
    [-0.5, '-0.01'],
    [0.4, '0.00'],
    [-0.4, '0.00'],
    [990.0000001, '9.90'],
    [0.1 + 0.2, '0.00'],
    [29, '0.29'],
    [57, '0.57'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
    [NaN, '0.00'],
    [Infinity, '0.00'],
    [-Infinity, '0.00'],
    [2 ** 60, '0.00'],
  ])('%d -> %s', (fen, expected) => {
    expect(fenToYuan(fen)).toBe(expected)
  })

  test('property: round-trips to the integer fen', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (fen) => {
        const s = fenToYuan(fen)
        expect(s).toMatch(/^-?\d+\.\d{2}$/)
        const [yuan, cents] = s.replace('-', '').split('.')
        const back = Number(yuan) * 100 + Number(cents)
        expect(s.startsWith('-') ? -back : back).toBe(fen)
      }),
    )
  })

  test('property: never throws and always has two decimals', () => {
    fc.assert(fc.property(fc.double(), (x) => /^-?\d+\.\d{2}$/.test(fenToYuan(x))))
  })
})

describe('formatFileSize', () => {
  test.each([
    [0, '0B'],
    [1, '1B'],
    [1023, '1023B'],
    [1024, '1K'],
    [1535, '1.4K'],
    [1536, '1.5K'],
    [10 * 1024 + 1023, '10.9K'],
    [1048575, '1023.9K'],
    [1048576, '1M'],
    [1.5 * 1048576, '1.5M'],
    [50 * 1048576, '50M'],
    [5 * 1024 * 1048576, '5120M'],
    [1023.9, '1023B'],
    [-5, '0B'],
    [NaN, '0B'],
    [Infinity, '0B'],
    [2 ** 60, '0B'],
    [Number.MAX_SAFE_INTEGER, '8589934591.9M'],
  ])('%d -> %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected)
  })

  test('property: never throws; the unit follows the byte boundaries and the number stays below 1024', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.nat({ max: 2 ** 40 })), (bytes) => {
        const label = formatFileSize(bytes)
        const m = /^(\d+(?:\.[1-9])?)([BKM])$/.exec(label)
        expect(m).not.toBeNull()
        const [, num, unit] = m as RegExpExecArray
        const n = bytes >= 0 && bytes <= Number.MAX_SAFE_INTEGER ? bytes : 0
        expect(unit).toBe(n < 1024 ? 'B' : n < 1048576 ? 'K' : 'M')
        if (unit !== 'M') expect(Number(num)).toBeLessThan(1024)
        // rounded down, never more than the true size
        expect(Number(num) * (unit === 'B' ? 1 : unit === 'K' ? 1024 : 1048576)).toBeLessThanOrEqual(n)
      }),
    )
  })
})

describe('wholeSeconds: the one rounding rule of every shown duration', () => {
  test.each([
    [0, 0],
    [0.49, 0],
    [0.5, 1],
    [6.44, 6],
    [6.5, 7],
    // the all-types lesson's intro.mp3: its bubble says 7″ from the payload, the element reports 7.04 s
    [7.04625, 7],
    [9.60625, 10],
    [-0.4, 0],
    [-3, 0],
    [NaN, 0],
    [Infinity, 0],
    [-Infinity, 0],
    [2 ** 60, 0],
  ])('%d -> %d', (seconds, expected) => {
    expect(wholeSeconds(seconds)).toBe(expected)
  })

  test('property: a whole number within half a second of any real duration', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10 ** 9, noNaN: true }), (seconds) => {
        const whole = wholeSeconds(seconds)
        expect(Number.isSafeInteger(whole)).toBe(true)
        expect(Math.abs(whole - seconds)).toBeLessThanOrEqual(0.5)
      }),
    )
  })
})

describe('formatDuration', () => {
  test.each([
    [0, '0:00'],
    [5, '0:05'],
    // the bubble's 7″ and the panel's total agree (issue 17 item 16): the panel used to show 0:06
    [6.5, '0:07'],
    [6.49, '0:06'],
    [59.4, '0:59'],
    [59.5, '1:00'],
    [3599.5, '1:00:00'],
    [60, '1:00'],
    [61, '1:01'],
    [599, '9:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3661, '1:01:01'],
    [36000 + 59, '10:00:59'],
    [-1, '0:00'],
    [NaN, '0:00'],
    [Infinity, '0:00'],
    [2 ** 60, '0:00'],
  ])('%d -> %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected)
  })

  test('property: never throws and reads back to wholeSeconds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.nat({ max: 10 ** 7 })), (seconds) => {
        const label = formatDuration(seconds)
        expect(label).toMatch(/^(?:\d+:[0-5]\d|\d+:[0-5]\d:[0-5]\d)$/)
        const back = label.split(':').reduce((acc, part) => acc * 60 + Number(part), 0)
        expect(back).toBe(wholeSeconds(seconds))
      }),
    )
  })
})

describe('maskImNickname', () => {
  test.each([
    ['wxid_abc123', 'wxid_***'],
    ['13800138000', '13800***'],
    ['abcdef', 'abcde***'],
    ['a-b_c-d', 'a-b_c***'],
    ['abcde', 'abcde'],
    ['小明', '小明'],
    ['Tom Lee', 'Tom Lee'],
    ['abc小明def', 'abc小明def'],
    ['user.name', 'user.name'],
    ['', ''],
  ])('%s -> %s', (name, expected) => {
    expect(maskImNickname(name)).toBe(expected)
  })

  test('property: ID-like names keep 5 characters plus three asterisks, others are unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z0-9_-]{6,20}$/)), (name) => {
        const masked = maskImNickname(name)
        return IM_ID_LIKE.test(name) ? masked === `${name.slice(0, 5)}***` : masked === name
      }),
    )
  })
})
