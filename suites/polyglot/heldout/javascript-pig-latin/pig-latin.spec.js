import { describe, expect, test, xtest } from '@jest/globals';
import { translate } from './pig-latin';

describe('Pig Latin', () => {
  describe('ay is added to words that start with vowels', () => {
    test('word beginning with e', () => {
      expect(translate('ear')).toEqual('earay');
    });

  });

  describe('first letter and ay are moved to the end of words that start with consonants', () => {
    test('word beginning with p', () => {
      expect(translate('pig')).toEqual('igpay');
    });

    test('word beginning with k', () => {
      expect(translate('koala')).toEqual('oalakay');
    });

    test('word beginning with q without a following u', () => {
      expect(translate('qat')).toEqual('atqay');
    });
  });

  describe('some letter clusters are treated like a single consonant', () => {
    test('word beginning with qu', () => {
      expect(translate('queen')).toEqual('eenquay');
    });

    test('word beginning with th', () => {
      expect(translate('therapy')).toEqual('erapythay');
    });

    test('word beginning with thr', () => {
      expect(translate('thrush')).toEqual('ushthray');
    });
  });

  describe('some letter clusters are treated like a single vowel', () => {
    test('word beginning with xr', () => {
      expect(translate('xray')).toEqual('xrayay');
    });
  });

  describe('position of y in a word determines if it is a consonant or a vowel', () => {
    test('y is treated like a vowel at the end of a consonant cluster', () => {
      expect(translate('rhythm')).toEqual('ythmrhay');
    });
  });

  describe('phrases are translated', () => {
  });
});
