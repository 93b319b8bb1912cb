import { describe, expect, test, xtest } from '@jest/globals';
import { CallbackCell, ComputeCell, InputCell } from './react';

describe('React module', () => {
  test('compute cells can depend on other compute cells', () => {
    const inputCell = new InputCell(1);
    const timesTwo = new ComputeCell(
      [inputCell],
      (inputs) => inputs[0].value * 2,
    );

    const timesThirty = new ComputeCell(
      [inputCell],
      (inputs) => inputs[0].value * 30,
    );

    const sum = new ComputeCell(
      [timesTwo, timesThirty],
      (inputs) => inputs[0].value + inputs[1].value,
    );

    expect(sum.value).toEqual(32);

    inputCell.setValue(3);
    expect(sum.value).toEqual(96);
  });

  test('compute cells fire callbacks', () => {
    const inputCell = new InputCell(1);
    const output = new ComputeCell(
      [inputCell],
      (inputs) => inputs[0].value + 1,
    );

    const callback = new CallbackCell((cell) => cell.value);
    output.addCallback(callback);

    inputCell.setValue(3);
    expect(callback.values).toEqual([4]);
  });

  test('callbacks fire only when output values change', () => {
    const inputCell = new InputCell(1);
    const output = new ComputeCell([inputCell], (inputs) =>
      inputs[0].value < 3 ? 111 : 222,
    );

    const callback = new CallbackCell((cell) => cell.value);
    output.addCallback(callback);

    inputCell.setValue(2);
    expect(callback.values).toEqual([]);

    inputCell.setValue(4);
    expect(callback.values).toEqual([222]);
  });

  test("callbacks should not be called if dependencies change but output value doesn't change", () => {
    const inputCell = new InputCell(1);
    const plusOne = new ComputeCell(
      [inputCell],
      (inputs) => inputs[0].value + 1,
    );

    const minusOne = new ComputeCell(
      [inputCell],
      (inputs) => inputs[0].value - 1,
    );

    const alwaysTwo = new ComputeCell(
      [plusOne, minusOne],
      (inputs) => inputs[0].value - inputs[1].value,
    );

    const callback = new CallbackCell((cell) => cell.value);
    alwaysTwo.addCallback(callback);

    inputCell.setValue(2);
    inputCell.setValue(3);
    inputCell.setValue(4);
    inputCell.setValue(5);

    expect(callback.values).toEqual([]);
  });
});
