import { describe, expect, test, xtest } from '@jest/globals';
import { ResistorColorTrio } from './resistor-color-trio';

function makeLabel({ value, unit }) {
  return `Resistor value: ${value} ${unit}`;
}

describe('Resistor Color Trio', () => {
  test('First two colors make an invalid octal number', () => {
    expect(new ResistorColorTrio(['black', 'grey', 'black']).label).toEqual(
      makeLabel({ value: 8, unit: 'ohms' }),
    );
  });

});
