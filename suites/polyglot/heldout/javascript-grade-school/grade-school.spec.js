import { beforeEach, describe, expect, test, xtest } from '@jest/globals';
import { GradeSchool } from './grade-school';

describe('Grade School', () => {
  let school;

  beforeEach(() => {
    school = new GradeSchool();
  });

  test('Roster is empty when no student is added', () => {
    expect(school.roster()).toEqual([]);
  });

  test('Add a student', () => {
    expect(school.add('Aimee', 2)).toEqual(true);
  });

  test('Adding multiple students in the same grade in the roster', () => {
    expect(school.add('Blair', 2)).toEqual(true);
    expect(school.add('James', 2)).toEqual(true);
    expect(school.add('Paul', 2)).toEqual(true);
  });

  test('Student not added to same grade in the roster more than once', () => {
    school.add('Blair', 2);
    school.add('James', 2);
    school.add('James', 2);
    school.add('Paul', 2);

    const expectedDb = ['Blair', 'James', 'Paul'];
    expect(school.roster()).toEqual(expectedDb);
  });

  test('Students in multiple grades are added to the roster', () => {
    school.add('Chelsea', 3);
    school.add('Logan', 7);

    const expectedDb = ['Chelsea', 'Logan'];
    expect(school.roster()).toEqual(expectedDb);
  });

  test('Student not added to multiple grades in the roster', () => {
    school.add('Blair', 2);
    school.add('James', 2);
    school.add('James', 3);
    school.add('Paul', 3);

    const expectedDb = ['Blair', 'James', 'Paul'];
    expect(school.roster()).toEqual(expectedDb);
  });

  test('Students are sorted by grades in the roster', () => {
    school.add('Jim', 3);
    school.add('Peter', 2);
    school.add('Anna', 1);

    const expectedDb = ['Anna', 'Peter', 'Jim'];
    expect(school.roster()).toEqual(expectedDb);
  });

  test('Grade is empty if no students in the roster', () => {
    expect(school.grade(1)).toEqual([]);
  });

  test('Student not added to other grade for multiple grades', () => {
    school.add('Blair', 2);
    school.add('James', 2);
    school.add('James', 3);
    school.add('Paul', 3);

    const expectedDb = ['Paul'];
    expect(school.grade(3)).toEqual(expectedDb);
  });
});
