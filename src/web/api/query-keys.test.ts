import { settingsContract } from '../../domain/settings/contract';
import { usersContract } from '../../domain/users/contract';
import { featureKeyOf } from './contract-keys';
import { keys, type TagOf } from './query-keys';

/** The keys' prefixes are the contracts' tags, so a key and the contract it caches cannot drift. */
describe('query keys from the contracts', () => {
  it('start with the feature tag a contract-keyed query starts with', () => {
    expect(keys.users.all).toEqual(featureKeyOf(usersContract.getUser));
    expect(keys.settings).toEqual(featureKeyOf(settingsContract.listSettings));
  });

  it('refuse a tag the contract does not have (tsc)', () => {
    // @ts-expect-error 'User' is not the users contract's tag ('Users').
    const wrong: TagOf<typeof usersContract> = 'User';
    expect(wrong).toBe('User');
  });
});
