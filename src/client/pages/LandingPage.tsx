import { Hero } from "../features/landing/Hero";
import { LandingFooter } from "../features/landing/LandingFooter";
import { LandingHeader } from "../features/landing/LandingHeader";
import { AboutSection, FeaturesSection, HowItWorksSection, SignupSection } from "../features/landing/sections";

export default function LandingPage() {
  return (
    <div className="min-h-screen">
      <LandingHeader />
      <main>
        <Hero />
        <FeaturesSection />
        <HowItWorksSection />
        <AboutSection />
        <SignupSection />
      </main>
      <LandingFooter />
    </div>
  );
}
