import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

function collect(elements: MessageFormatElement[], into: Set<string>): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) collect(option.value, into);
    }
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      collect(element.children, into);
    }
  }
  return into;
}

/**
 * The names of the values an ICU message takes ({count}, {name}) and the tags it wraps (<link>), sorted;
 * parsing throws on a message that is not valid ICU. The catalogue tests of the pages and of the mails
 * compare each Spanish message's with its English one's.
 */
export function icuArguments(message: string): string[] {
  return [...collect(parse(message), new Set())].sort();
}
