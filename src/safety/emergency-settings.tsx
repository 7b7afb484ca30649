/**
 * The emergency settings on /safety by topic (requirements §core-4, §core-9): the emergency button,
 * confirmations, what is shared with whom, fall detection and check-ins, and what happens during
 * an emergency. Each group is a run of headed controls inside the settings panel's section.
 */
import type { ReactNode } from 'react';
import { useEmergencyContacts } from '../db-react/safety-settings.ts';
import {
  SAFETY_CHECK_INTERVAL_MAX_MIN,
  SAFETY_CHECK_INTERVAL_MIN_MIN,
  type EmergencySettings,
} from '../lib/outdoor/outdoor-settings.ts';
import { describePlanAhead, planEmergencyContact } from '../lib/outdoor/emergency-plan.ts';
import {
  requestMotionPermission,
  type MotionSensorStatus,
} from '../machines/safety-check-effects.ts';
import { SAFETY_PROMPT_TIMEOUT_S } from '../machines/safety-check-machine.ts';
import { showToast } from '../lib/toast.ts';
import { useMotionSensorStatus } from './safety-watch.tsx';
import { NumberSetting, SelectSetting, ToggleSetting } from './setting-controls.tsx';

/** What every group gets: the stored emergency settings and the function that saves a change. */
export interface EmergencySettingsGroupProps {
  emergency: EmergencySettings;
  updateEmergency: (patch: Partial<EmergencySettings>) => Promise<void>;
}

const motionStatusText: Record<MotionSensorStatus, string> = {
  unsupported:
    'This browser gives web pages no motion sensor data, so fall detection cannot work here.',
  waiting: 'Waiting for motion data from the phone…',
  receiving: 'Motion data is coming in: fall detection is listening.',
  'no-data':
    'No motion data has come in: this device may have no motion sensor, or the browser withholds it.',
};

/** The one limit both features share, said where the rider switches them on. */
const SCREEN_ON_ONLY =
  'Works only while this app is open and the screen is on: phones pause web apps when the screen locks or you switch to another app.';

/** How the emergency button looks, where it sits and how long it must be held. */
export function EmergencyButtonSettings({
  emergency,
  updateEmergency,
}: EmergencySettingsGroupProps) {
  return (
    <>
      <h3>Emergency button</h3>
      <NumberSetting
        label="Hold the panic button for"
        value={emergency.panicButtonDelay}
        min={1}
        max={10}
        unit="seconds"
        onChange={(panicButtonDelay) => void updateEmergency({ panicButtonDelay })}
      />
      <ToggleSetting
        label="Show the emergency button on every page"
        checked={emergency.alwaysShowEmergencyButton}
        onChange={(alwaysShowEmergencyButton) =>
          void updateEmergency({ alwaysShowEmergencyButton })
        }
      />
      <SelectSetting
        label="Emergency panel"
        value={emergency.emergencyPanelMode}
        options={[
          { value: 'floating', label: 'Floating round button' },
          { value: 'full', label: 'Full-width bar' },
          { value: 'compact', label: 'Compact pill' },
        ]}
        onChange={(emergencyPanelMode) => void updateEmergency({ emergencyPanelMode })}
      />
      <SelectSetting
        label="Button position"
        value={emergency.emergencyPanelPosition}
        options={[
          { value: 'bottom-right', label: 'Bottom right' },
          { value: 'bottom-left', label: 'Bottom left' },
          { value: 'bottom-center', label: 'Bottom centre' },
          { value: 'top-right', label: 'Top right' },
          { value: 'top-left', label: 'Top left' },
        ]}
        onChange={(emergencyPanelPosition) => void updateEmergency({ emergencyPanelPosition })}
      />
      <SelectSetting
        label="Button size"
        value={emergency.emergencyButtonSize}
        options={[
          { value: 'normal', label: 'Normal' },
          { value: 'large', label: 'Large' },
          { value: 'extra-large', label: 'Extra large' },
        ]}
        onChange={(emergencyButtonSize) => void updateEmergency({ emergencyButtonSize })}
      />
      <NumberSetting
        label="Full-width bar shrinks after"
        value={emergency.emergencyUITimeout}
        min={5}
        max={600}
        unit="seconds"
        onChange={(emergencyUITimeout) => void updateEmergency({ emergencyUITimeout })}
      />
    </>
  );
}

/** Whether and how long the app asks before it opens the emergency text or call. */
export function ConfirmationSettings({ emergency, updateEmergency }: EmergencySettingsGroupProps) {
  const confirmation = emergency.confirmation;
  const setConfirmation = (patch: Partial<typeof confirmation>) =>
    void updateEmergency({ confirmation: { ...confirmation, ...patch } });
  return (
    <>
      <h3>Confirmation</h3>
      <ToggleSetting
        label="Ask before opening the emergency text or call"
        checked={emergency.requireEmergencyConfirmation}
        onChange={(requireEmergencyConfirmation) =>
          void updateEmergency({ requireEmergencyConfirmation })
        }
      />
      <ToggleSetting
        label="Confirmations on (starting and stopping)"
        checked={confirmation.enabled}
        onChange={(enabled) => setConfirmation({ enabled })}
      />
      <NumberSetting
        label="Confirmation time"
        value={confirmation.timeout}
        min={1}
        max={60}
        unit="seconds"
        onChange={(timeout) => setConfirmation({ timeout })}
      />
      <SelectSetting
        label="When the time runs out"
        value={confirmation.confirmationType}
        options={[
          {
            value: 'countdown',
            label: 'Open the text or call anyway (you may be unable to answer)',
          },
          { value: 'tap', label: 'Cancel (only a tap opens it)' },
        ]}
        onChange={(confirmationType) => setConfirmation({ confirmationType })}
      />
      <ToggleSetting
        label="Skip confirmation when someone is hurt"
        checked={confirmation.skipConfirmationInCritical}
        onChange={(skipConfirmationInCritical) => setConfirmation({ skipConfirmationInCritical })}
        description="After the voice triggers “mayday”, “injured” and “accident”, the text or call opens at once; you still press Send or Call."
      />
      <ToggleSetting
        label="Confirm twice before stopping an emergency"
        checked={confirmation.doubleConfirmForDestruction}
        onChange={(doubleConfirmForDestruction) => setConfirmation({ doubleConfirmForDestruction })}
      />
    </>
  );
}

/** Who the emergency text goes to, how precise its position is, and the 911 dialer. */
export function SharingSettings({ emergency, updateEmergency }: EmergencySettingsGroupProps) {
  return (
    <>
      <h3>Sharing and calling</h3>
      <SelectSetting
        label="Contact method"
        value={emergency.preferredContactMethod}
        options={[
          { value: 'both', label: 'Text and call' },
          { value: 'sms', label: 'Text only' },
          { value: 'call', label: 'Call only' },
        ]}
        onChange={(preferredContactMethod) => void updateEmergency({ preferredContactMethod })}
      />
      <ToggleSetting
        label="Text all contacts"
        checked={emergency.shareLocationWithAllContacts}
        onChange={(shareLocationWithAllContacts) =>
          void updateEmergency({ shareLocationWithAllContacts })
        }
      />
      <SelectSetting
        label="Otherwise text contacts up to"
        value={emergency.emergencyContactPriority}
        options={[
          { value: 1, label: 'Primary only' },
          { value: 2, label: 'Primary and secondary' },
          { value: 3, label: 'Primary, secondary and backup' },
        ]}
        onChange={(emergencyContactPriority) => void updateEmergency({ emergencyContactPriority })}
      />
      <SelectSetting
        label="Location precision in texts"
        value={emergency.shareLocationPrecision}
        options={[
          { value: 'exact', label: 'Exact (about 1 m)' },
          { value: 'approximate', label: 'Approximate (about 110 m)' },
          { value: 'general', label: 'General (about 1 km)' },
        ]}
        onChange={(shareLocationPrecision) => void updateEmergency({ shareLocationPrecision })}
      />
      <ToggleSetting
        label="Leave the nearest town out of texts"
        checked={emergency.anonymizeEmergencyData}
        onChange={(anonymizeEmergencyData) => void updateEmergency({ anonymizeEmergencyData })}
      />
      <ToggleSetting
        label="Short texts for weak signal"
        checked={emergency.lowSignalOptimization}
        onChange={(lowSignalOptimization) => void updateEmergency({ lowSignalOptimization })}
      />
      <ToggleSetting
        label="Open the dialer on 911 when an emergency starts"
        checked={emergency.autoCall911}
        onChange={(autoCall911) => void updateEmergency({ autoCall911 })}
        description="Instead of the text to your contacts, the phone’s dialer opens on 911. The call starts only when you press Call; the text stays one tap away."
      />
    </>
  );
}

/** Fall detection and periodic check-ins, with what happens when the rider does not answer. */
export function FallAndCheckInSettings({
  emergency,
  updateEmergency,
}: EmergencySettingsGroupProps) {
  const { contacts } = useEmergencyContacts();
  const motionStatus = useMotionSensorStatus();
  const noAnswer = `If you do not answer within ${SAFETY_PROMPT_TIMEOUT_S} s: ${describePlanAhead(
    planEmergencyContact(contacts, emergency),
  )}`;
  const setFallDetection = async (on: boolean) => {
    if (!on) {
      await updateEmergency({ automaticFallDetection: false });
      return;
    }
    // iOS asks for motion access only from a tap, so the request happens in this handler.
    const permission = await requestMotionPermission();
    if (permission === 'granted') {
      await updateEmergency({ automaticFallDetection: true });
      return;
    }
    showToast({
      title: 'Fall detection is off',
      description:
        permission === 'denied'
          ? 'Motion sensor access was refused. Allow Motion & Orientation Access for this site in the browser settings, then try again.'
          : motionStatusText.unsupported,
    });
  };
  const motionLine: ReactNode = motionStatus ? (
    <span data-testid="motion-status">{motionStatusText[motionStatus]}</span>
  ) : null;
  return (
    <>
      <h3>Fall detection and check-ins</h3>
      <ToggleSetting
        label="Fall detection"
        checked={emergency.automaticFallDetection}
        disabled={motionStatus === 'unsupported' && !emergency.automaticFallDetection}
        onChange={(on) => void setFallDetection(on)}
        description={
          <>
            Uses the phone’s motion sensors to notice a fall: a drop, then a hard hit. It asks “Are
            you OK?” first; a jump can set it off. {noAnswer} {SCREEN_ON_ONLY} {motionLine}
          </>
        }
      />
      <ToggleSetting
        label="Safety check-ins"
        checked={emergency.periodicSafetyChecks}
        onChange={(periodicSafetyChecks) => void updateEmergency({ periodicSafetyChecks })}
        description={`Asks “Are you OK?” every ${emergency.safetyCheckIntervalMinutes} minutes. ${noAnswer} ${SCREEN_ON_ONLY} A check-in that falls due meanwhile is asked when you come back to the app.`}
      />
      <NumberSetting
        label="Check in every"
        value={emergency.safetyCheckIntervalMinutes}
        min={SAFETY_CHECK_INTERVAL_MIN_MIN}
        max={SAFETY_CHECK_INTERVAL_MAX_MIN}
        unit="minutes"
        onChange={(safetyCheckIntervalMinutes) =>
          void updateEmergency({ safetyCheckIntervalMinutes })
        }
      />
    </>
  );
}

/** GPS, beacon, prompts, voice triggers, test mode and log retention during an emergency. */
export function DuringEmergencySettings({
  emergency,
  updateEmergency,
}: EmergencySettingsGroupProps) {
  return (
    <>
      <h3>During an emergency</h3>
      <NumberSetting
        label="Refresh the GPS position every"
        description="On the Emergency screen and in the text its buttons open. Contacts get a newer position only when you send another text."
        value={emergency.locationUpdateInterval}
        min={5}
        max={600}
        unit="seconds"
        onChange={(locationUpdateInterval) => void updateEmergency({ locationUpdateInterval })}
      />
      <ToggleSetting
        label="High-accuracy GPS"
        checked={emergency.highAccuracyGPS}
        onChange={(highAccuracyGPS) => void updateEmergency({ highAccuracyGPS })}
      />
      <ToggleSetting
        label="Start the beacon automatically"
        checked={emergency.emergencyBeaconMode}
        onChange={(emergencyBeaconMode) => void updateEmergency({ emergencyBeaconMode })}
        description="Flashing screen, siren and SOS vibration so searchers can find you."
      />
      <ToggleSetting
        label="Spoken prompts"
        checked={emergency.emergencyAudioPrompts}
        onChange={(emergencyAudioPrompts) => void updateEmergency({ emergencyAudioPrompts })}
      />
      <NumberSetting
        label="Prompt and siren volume"
        value={emergency.emergencyAudioVolume}
        min={0}
        max={100}
        unit="%"
        onChange={(emergencyAudioVolume) => void updateEmergency({ emergencyAudioVolume })}
      />
      <ToggleSetting
        label="Keep the screen on during an emergency"
        checked={emergency.enableWakeLock}
        onChange={(enableWakeLock) => void updateEmergency({ enableWakeLock })}
      />
      <ToggleSetting
        label="Voice triggers"
        checked={emergency.voiceActivationEnabled}
        onChange={(voiceActivationEnabled) => void updateEmergency({ voiceActivationEnabled })}
        description={`While the Emergency screen is open, saying ${emergency.emergencyVoiceTriggers.join(', ')} starts an emergency. The browser's speech recognition may need a data connection.`}
      />
      <ToggleSetting
        label="Test mode"
        checked={emergency.emergencyTestMode}
        onChange={(emergencyTestMode) => void updateEmergency({ emergencyTestMode })}
        description="Texts say they are a test, and the dialer never opens on 911 by itself."
      />
      <NumberSetting
        label="Keep the emergency log for"
        value={emergency.emergencyDataRetention}
        min={1}
        max={365}
        unit="days"
        onChange={(emergencyDataRetention) => void updateEmergency({ emergencyDataRetention })}
      />
    </>
  );
}
