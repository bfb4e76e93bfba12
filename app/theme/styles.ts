/*
 * Mantine styles, per component rather than the full styles.css, so a page loads only the CSS it uses.
 * Global styles first, then the components that other components build on, then the ones the
 * public pages use. Screens import the CSS of any further component they use beside the
 * component itself (the shell does so for AppShell, NavLink, Menu...), so it lands in their chunk.
 */
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Flex.css";
import "@mantine/core/styles/FloatingIndicator.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Text.css";
// After Text: an Anchor is a Text, and its underline rule must win over Text's reset.
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Typography.css";
import "./app.css";
