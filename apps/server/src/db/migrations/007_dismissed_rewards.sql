-- A rejected code the visitor dismissed from 'Forest Spirit Activity'. Kept on the reward, not a
-- device, so it stays dismissed wherever the wallet signs in; updated_at is left alone, so a
-- dismissal does not shorten the unknown-code lockout that counts by it.
ALTER TABLE rewards ADD COLUMN dismissed_at timestamptz;

-- A dismissal is a change the dashboards show (the reward leaves the list): announced by the
-- same trigger as a change of status.
DROP TRIGGER rewards_live_event_on_update ON rewards;
CREATE TRIGGER rewards_live_event_on_update AFTER UPDATE OF status, reason, dismissed_at ON rewards
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.reason IS DISTINCT FROM NEW.reason
        OR OLD.dismissed_at IS DISTINCT FROM NEW.dismissed_at)
  EXECUTE FUNCTION rewards_live_event();
