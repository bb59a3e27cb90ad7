import { runService } from '@pc/http';
import { PartnerOnboardingEnv } from './config/partner-onboarding.env';
import { createPartnerOnboardingApp } from './create-app';

void runService(PartnerOnboardingEnv, createPartnerOnboardingApp);
