import { beforeEach, describe, expect, test, xtest } from '@jest/globals';
import { Element, List } from './simple-linked-list';

describe('Element class', () => {
  test('has constructor', () => {
    const element = new Element(1);
    expect(element.value).toEqual(1);
  });

});

describe('List class', () => {
  test('new lists should have length 0', () => {
    const list = new List();
    expect(list.length).toEqual(0);
  });

  test('can get the next Element from the head', () => {
    const list = new List();
    const element1 = new Element(1);
    const element2 = new Element(3);
    list.add(element1);
    list.add(element2);
    expect(list.head.next.value).toEqual(1);
  });
});

describe('Lists with multiple elements', () => {
  let list;
  beforeEach(() => {
    list = new List([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  test('with correct length', () => {
    expect(list.length).toEqual(10);
  });
  test('with correct head value', () => {
    expect(list.head.value).toEqual(10);
  });
  test('can traverse the list', () => {
    expect(list.head.next.next.next.value).toEqual(7);
  });
  test('can reverse a reversal', () => {
    expect(list.reverse().reverse().toArray()).toEqual([
      10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
    ]);
  });
});
