// Figures as a newsreader says them, for the text handed to a speech synthesizer (never for the
// transcript, which keeps the written form): "$4.5bn" is "4.5 billion dollars", "12%" is "12
// percent", "60 mph" is "60 miles per hour", "in 2026" is "in twenty twenty-six", "2020-2024" is
// "2020 to 2024". Digits themselves stay: both synthesizers read "1,200" and "4.25" well, but
// eSpeak reads a year as a count ("two thousand and twenty-six") and spells "mph" and "bn" out.

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0–99 in words ("forty-two"). */
function twoDigits(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

/** A year as it is said: 1905 "nineteen oh five", 1900 "nineteen hundred", 2008 "two thousand eight", 2026 "twenty twenty-six". */
export function yearWords(year: number): string {
  const century = Math.floor(year / 100);
  const rest = year % 100;
  if (year >= 2000 && year < 2010) return rest === 0 ? 'two thousand' : `two thousand ${ONES[rest]}`;
  if (rest === 0) return `${twoDigits(century)} hundred`;
  return `${twoDigits(century)} ${rest < 10 ? `oh ${ONES[rest]}` : twoDigits(rest)}`;
}

const SCALES: Record<string, string> = {
  k: 'thousand',
  thousand: 'thousand',
  m: 'million',
  mn: 'million',
  mln: 'million',
  million: 'million',
  b: 'billion',
  bn: 'billion',
  billion: 'billion',
  t: 'trillion',
  tn: 'trillion',
  trillion: 'trillion',
};
const CURRENCIES: Record<string, [string, string]> = { $: ['dollar', 'dollars'], '£': ['pound', 'pounds'], '€': ['euro', 'euros'], '¥': ['yen', 'yen'] };
const CENTS: Record<string, [string, string]> = { $: ['cent', 'cents'], '£': ['penny', 'pence'], '€': ['cent', 'cents'] };

// After a number: the unit's spoken name. Only units that cannot be an ordinary word after a number.
const UNITS: Record<string, string> = {
  km: 'kilometers',
  kms: 'kilometers',
  'km/h': 'kilometers per hour',
  kph: 'kilometers per hour',
  mph: 'miles per hour',
  kg: 'kilograms',
  kgs: 'kilograms',
  lb: 'pounds',
  lbs: 'pounds',
  cm: 'centimeters',
  mm: 'millimeters',
  ft: 'feet',
  sq: 'square',
  mw: 'megawatts',
  gw: 'gigawatts',
  kw: 'kilowatts',
  kwh: 'kilowatt hours',
  mwh: 'megawatt hours',
  gwh: 'gigawatt hours',
  '°c': 'degrees Celsius',
  '°f': 'degrees Fahrenheit',
  '°': 'degrees',
};

// A word before a four-digit number that makes it a year ("in 2026", "since 1999", "the 2024 election" is left as is).
const YEAR_CUES =
  /(?:\b(?:in|since|by|from|until|till|through|before|after|of|during|early|late|mid|year|years|fiscal|FY|between|and|to|or|spring|summer|autumn|fall|winter|January|February|March|April|May|June|July|August|September|October|November|December)[\s,]+|-)$/i;

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;

/** The text with its money, percentages, units, year ranges and years in the words a newsreader says. */
export function spokenFigures(text: string): string {
  let out = text;
  // Money: "$4.5bn", "$4.5 billion", "£300", "$1.50", "US$2m".
  out = out.replace(
    new RegExp(String.raw`(?:\bUS)?([$£€¥])\s?(${NUMBER})(?:\s?(bn|mn|mln|tn|[kmbt]|thousand|million|billion|trillion)\b)?`, 'gi'),
    (_match, symbol: string, amount: string, scale?: string) => {
      const [one, many] = CURRENCIES[symbol]!;
      if (scale) return `${amount} ${SCALES[scale.toLowerCase()]} ${many}`;
      const [whole, fraction] = amount.split('.');
      const wholeWords = `${whole} ${whole === '1' ? one : many}`;
      const cents = CENTS[symbol];
      if (fraction && fraction.length === 2 && cents) {
        const n = Number(fraction);
        const centWords = `${n} ${n === 1 ? cents[0] : cents[1]}`;
        if (whole === '0') return centWords;
        return n === 0 ? wholeWords : `${wholeWords} and ${centWords}`;
      }
      return fraction ? `${amount} ${many}` : wholeWords;
    },
  );
  // Percentages and percentage points.
  out = out.replace(new RegExp(String.raw`(${NUMBER})\s?%`, 'g'), '$1 percent');
  out = out.replace(new RegExp(String.raw`(${NUMBER})\s?pp\b`, 'g'), '$1 percentage points');
  // Units after a number ("60 mph", "30°C", "12km").
  out = out.replace(new RegExp(String.raw`(${NUMBER})\s?(km/h|°[CF]|°|[a-z]{2,3})(?![\p{L}\d/])`, 'giu'), (match, amount: string, unit: string) => {
    const spoken = UNITS[unit.toLowerCase()];
    return spoken ? `${amount} ${spoken}` : match;
  });
  // Year ranges: "2020-2024", "2020–24" ("1990s-2000s" is left to the decades below).
  out = out.replace(/(?<![\d,.])\b((?:19|20)\d{2})\s?[-–]\s?((?:19|20)?\d{2})\b(?!s)/g, (match, from: string, to: string) => {
    const end = to.length === 2 ? Number(from.slice(0, 2) + to) : Number(to);
    return end > Number(from) && end - Number(from) < 100 ? `${yearWords(Number(from))} to ${yearWords(end)}` : match;
  });
  // Decades: "the 1990s" → "the nineteen nineties", "the 2000s" → "the two thousands".
  out = out.replace(/(?<![\d,.])\b(1[1-9]|20)(\d)0s\b/g, (_match, century: string, decade: string) => {
    if (century === '20' && decade === '0') return 'two thousands';
    if (decade === '0') return `${twoDigits(Number(century))} hundreds`;
    return `${twoDigits(Number(century))} ${decade === '1' ? 'tens' : TENS[Number(decade)]!.replace(/y$/, 'ies')}`;
  });
  // Years after a cue word: "in 2026" → "in twenty twenty-six"; a count ("2,026 people") never matches.
  out = out.replace(/(?<![\d,.$£€¥])\b(1[1-9]\d{2}|20\d{2})\b(?!\d|,\d|\.\d|\s?(?:percent|%))/g, (match, year: string, offset: number, whole: string) => {
    const before = whole.slice(Math.max(0, offset - 20), offset);
    return YEAR_CUES.test(before) || /^'?s\b/.test(whole.slice(offset + 4)) ? yearWords(Number(year)) : match;
  });
  return out;
}
