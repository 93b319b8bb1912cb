import { beforeEach, describe, expect, test, xtest } from '@jest/globals';
import { Song } from './food-chain';

describe('Food Chain', () => {
  let song;

  beforeEach(() => {
    song = new Song();
  });

  test('bird', () => {
    const expected = `I know an old lady who swallowed a bird.
How absurd to swallow a bird!
She swallowed the bird to catch the spider that wriggled and jiggled and tickled inside her.
She swallowed the spider to catch the fly.
I don't know why she swallowed the fly. Perhaps she'll die.
`;

    expect(song.verse(3)).toEqual(expected);
  });

  test('goat', () => {
    const expected = `I know an old lady who swallowed a goat.
Just opened her throat and swallowed a goat!
She swallowed the goat to catch the dog.
She swallowed the dog to catch the cat.
She swallowed the cat to catch the bird.
She swallowed the bird to catch the spider that wriggled and jiggled and tickled inside her.
She swallowed the spider to catch the fly.
I don't know why she swallowed the fly. Perhaps she'll die.
`;

    expect(song.verse(6)).toEqual(expected);
  });

  test('horse', () => {
    const expected = `I know an old lady who swallowed a horse.
She's dead, of course!
`;

    expect(song.verse(8)).toEqual(expected);
  });

});
