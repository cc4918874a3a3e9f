// JSON with every digit, for the Node.js tests that compare answers: numbers kept as the text
// they were sent as (Num), never as doubles, so that two answers compare equal
// (util.isDeepStrictEqual) only if their numbers are written alike.

// A JSON number as written (every digit): two answers compare equal only if their numbers do.
export class Num {
  constructor(text) {
    this.text = text;
  }
}
// JSON.parse, but numbers as Num.
export function parseExact(text) {
  let i = 0;
  const fail = () => {
    throw new SyntaxError(`bad JSON at ${i}`);
  };
  const space = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i += 1;
  };
  const string = () => {
    const m = /"(?:[^"\\]|\\.)*"/y;
    m.lastIndex = i;
    const found = m.exec(text) ?? fail();
    i = m.lastIndex;
    return JSON.parse(found[0]);
  };
  const value = () => {
    space();
    if (text[i] === '{') {
      const object = {};
      i += 1;
      space();
      if (text[i] === '}') return (i += 1), object;
      for (;;) {
        space();
        const key = string();
        space();
        if (text[i++] !== ':') fail();
        object[key] = value();
        space();
        const c = text[i++];
        if (c === '}') return object;
        if (c !== ',') fail();
      }
    }
    if (text[i] === '[') {
      const array = [];
      i += 1;
      space();
      if (text[i] === ']') return (i += 1), array;
      for (;;) {
        array.push(value());
        space();
        const c = text[i++];
        if (c === ']') return array;
        if (c !== ',') fail();
      }
    }
    if (text[i] === '"') return string();
    const m = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|true|false|null/y;
    m.lastIndex = i;
    const found = m.exec(text) ?? fail();
    i = m.lastIndex;
    const literals = { true: true, false: false, null: null };
    return found[0] in literals ? literals[found[0]] : new Num(found[0]);
  };
  const parsed = value();
  space();
  if (i !== text.length) fail();
  return parsed;
}
