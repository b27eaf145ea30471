import { describe, expect, it } from 'vitest';
import { byTopic, nextManual, searchManuals } from './manuals';

const manuals = [
  { _id: 'c', name: { full: 'Refunds', tag: ['Finance', '2'] }, content: { en: '<p>Use the <b>bank file</b></p>' } },
  { _id: 'a', name: { full: 'Payments', tag: ['Finance', '1'] } },
  { _id: 'b', name: { full: 'Cards', description: 'Visitor cards', tag: ['Events', '10'] } },
  { _id: 'd', name: { full: 'Check-in', tag: ['Events', '9'] } },
];

describe('manuals', () => {
  it('groups by the first tag and sorts by the second', () => {
    expect(byTopic(manuals).map((topic) => [topic.topic, topic.manuals.map((manual) => manual._id)])).toEqual([['Events', ['d', 'b']], ['Finance', ['a', 'c']]]);
  });

  it('searches title, description and the text of the content', () => {
    expect(searchManuals(manuals, 'bank file').flatMap((topic) => topic.manuals.map((manual) => manual._id))).toEqual(['c']);
    expect(searchManuals(manuals, 'visitor').flatMap((topic) => topic.manuals.map((manual) => manual._id))).toEqual(['b']);
    expect(searchManuals(manuals, '<p>')).toEqual([]);
  });

  it('puts title matches first: "age" finds Age verification before a text that mentions an age', () => {
    const library = [
      { _id: 't', name: { full: 'Templates', tag: ['Communication', '1'] }, content: { en: '<p>Each message has a language and an age group</p>' } },
      { _id: 'v', name: { full: 'Age verification', tag: ['Users', '5'] }, content: { en: '<p>Check the identity</p>' } },
      { _id: 'u', name: { full: 'Users', description: 'Their age and cards', tag: ['Users', '1'] } },
    ];
    expect(searchManuals(library, 'age').flatMap((topic) => topic.manuals.map((manual) => manual._id))).toEqual(['v', 'u', 't']);
  });

  it('reads on to the next manual across topics', () => {
    expect(nextManual(manuals, 'b')?._id).toBe('a');
    expect(nextManual(manuals, 'c')).toBeNull();
  });
});
