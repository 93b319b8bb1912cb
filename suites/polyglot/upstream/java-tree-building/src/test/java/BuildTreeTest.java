import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;

public class BuildTreeTest {

    @Test
    @DisplayName("Empty list")
    public void testEmptyList() throws InvalidRecordsException {
        ArrayList<Record> records = new ArrayList<>();

        TreeNode root = new BuildTree().buildTree(records);
        assertThat(root).isNull();
    }

    @Test
    @DisplayName("Single record")
    public void testOneRecord() throws InvalidRecordsException {
        ArrayList<Record> records = new ArrayList<>();
        Record record = new Record(0, 0);
        records.add(record);

        TreeNode root = new BuildTree().buildTree(records);
        assertThat(root.getNodeId()).isEqualTo(0);
        assertNodeIsLeaf(root);
    }

    @Test
    @DisplayName("Three records in order")
    public void testThreeRecordsInOrder() throws InvalidRecordsException {
        ArrayList<Record> records = new ArrayList<>();
        records.add(new Record(0, 0));
        records.add(new Record(1, 0));
        records.add(new Record(2, 0));

        TreeNode root = new BuildTree().buildTree(records);
        assertNodeIsBranchWithNNumberOfChildren(root, 2);
        assertNodeIsLeaf(root.getChildren().get(0));
        assertNodeIsLeaf(root.getChildren().get(1));

        assertThat(root.getNodeId()).isEqualTo(0);
        assertThat(root.getChildren().get(0).getNodeId()).isEqualTo(1);
        assertThat(root.getChildren().get(1).getNodeId()).isEqualTo(2);
    }

    @Test
    @DisplayName("Three records in reverse order")
    public void testThreeRecordsInReverseOrder() throws InvalidRecordsException {
        ArrayList<Record> records = new ArrayList<>();
        records.add(new Record(2, 0));
        records.add(new Record(1, 0));
        records.add(new Record(0, 0));

        TreeNode root = new BuildTree().buildTree(records);
        assertNodeIsBranchWithNNumberOfChildren(root, 2);
        assertNodeIsLeaf(root.getChildren().get(0));
        assertNodeIsLeaf(root.getChildren().get(1));

        assertThat(root.getNodeId()).isEqualTo(0);
        assertThat(root.getChildren().get(0).getNodeId()).isEqualTo(1);
        assertThat(root.getChildren().get(1).getNodeId()).isEqualTo(2);
    }

    @Test
    @DisplayName("More than two children")
    public void testRecordsWithMoreThanTwoChildren() throws InvalidRecordsException {
        ArrayList<Record> records = new ArrayList<>();
        records.add(new Record(0, 0));
        records.add(new Record(1, 0));
        records.add(new Record(2, 0));
        records.add(new Record(3, 0));

        TreeNode root = new BuildTree().buildTree(records);
        assertNodeIsBranchWithNNumberOfChildren(root, 3);
        assertNodeIsLeaf(root.getChildren().get(0));
        assertNodeIsLeaf(root.getChildren().get(1));
        assertNodeIsLeaf(root.getChildren().get(2));

        assertThat(root.getNodeId()).isEqualTo(0);
        assertThat(root.getChildren().get(0).getNodeId()).isEqualTo(1);
        assertThat(root.getChildren().get(1).getNodeId()).isEqualTo(2);
        assertThat(root.getChildren().get(2).getNodeId()).isEqualTo(3);
    }

    @Test
    @DisplayName("Binary tree")
    public void testBinaryTree() throws InvalidRecordsException {
        ArrayList<Record> records = new ArrayList<>();
        records.add(new Record(6, 2));
        records.add(new Record(0, 0));
        records.add(new Record(3, 1));
        records.add(new Record(2, 0));
        records.add(new Record(4, 1));
        records.add(new Record(5, 2));
        records.add(new Record(1, 0));

        TreeNode root = new BuildTree().buildTree(records);

        assertNodeIsBranchWithNNumberOfChildren(root, 2);
        assertNodeIsBranchWithNNumberOfChildren(root.getChildren().get(0), 2);
        assertNodeIsBranchWithNNumberOfChildren(root.getChildren().get(1), 2);
        assertNodeIsLeaf(root.getChildren().get(0).getChildren().get(0));
        assertNodeIsLeaf(root.getChildren().get(0).getChildren().get(1));
        assertNodeIsLeaf(root.getChildren().get(1).getChildren().get(0));
        assertNodeIsLeaf(root.getChildren().get(1).getChildren().get(1));

        assertThat(root.getNodeId()).isEqualTo(0);
        assertThat(root.getChildren().get(0).getNodeId()).isEqualTo(1);
        assertThat(root.getChildren().get(1).getNodeId()).isEqualTo(2);
        assertThat(root.getChildren().get(0).getChildren().get(0).getNodeId()).isEqualTo(3);
        assertThat(root.getChildren().get(0).getChildren().get(1).getNodeId()).isEqualTo(4);
        assertThat(root.getChildren().get(1).getChildren().get(0).getNodeId()).isEqualTo(5);
        assertThat(root.getChildren().get(1).getChildren().get(1).getNodeId()).isEqualTo(6);
    }

    @Test
    @DisplayName("Unbalanced tree")
    public void testUnbalancedTree() throws InvalidRecordsException {
        ArrayList<Record> records = new ArrayList<>();
        records.add(new Record(0, 0));
        records.add(new Record(1, 0));
        records.add(new Record(2, 0));
        records.add(new Record(3, 1));
        records.add(new Record(4, 1));
        records.add(new Record(5, 1));
        records.add(new Record(6, 2));

        TreeNode root = new BuildTree().buildTree(records);
        assertNodeIsBranchWithNNumberOfChildren(root, 2);
        assertNodeIsBranchWithNNumberOfChildren(root.getChildren().get(0), 3);
        assertNodeIsBranchWithNNumberOfChildren(root.getChildren().get(1), 1);
        assertNodeIsLeaf(root.getChildren().get(0).getChildren().get(0));
        assertNodeIsLeaf(root.getChildren().get(0).getChildren().get(1));
        assertNodeIsLeaf(root.getChildren().get(0).getChildren().get(2));
        assertNodeIsLeaf(root.getChildren().get(1).getChildren().get(0));

        assertThat(root.getNodeId()).isEqualTo(0);
        assertThat(root.getChildren().get(0).getNodeId()).isEqualTo(1);
        assertThat(root.getChildren().get(1).getNodeId()).isEqualTo(2);
        assertThat(root.getChildren().get(0).getChildren().get(0).getNodeId()).isEqualTo(3);
        assertThat(root.getChildren().get(0).getChildren().get(1).getNodeId()).isEqualTo(4);
        assertThat(root.getChildren().get(0).getChildren().get(2).getNodeId()).isEqualTo(5);
        assertThat(root.getChildren().get(1).getChildren().get(0).getNodeId()).isEqualTo(6);
    }

    @Test
    @DisplayName("Root has parent")
    public void testRootNodeHasParent() {
        ArrayList<Record> records = new ArrayList<>();
        records.add(new Record(0, 1));
        records.add(new Record(1, 0));

        BuildTree test = new BuildTree();

        assertThatExceptionOfType(InvalidRecordsException.class)
                .isThrownBy(() -> test.buildTree(records))
                .withMessage("Invalid Records");
    }

    @Test
    @DisplayName("No root node")
    public void testNoRootNode() {
        ArrayList<Record> records = new ArrayList<>();
        records.add(new Record(1, 0));
        records.add(new Record(2, 0));

        BuildTree test = new BuildTree();

        assertThatExceptionOfType(InvalidRecordsException.class)
                .isThrownBy(() -> test.buildTree(records))
                .withMessage("Invalid Records");
    }

    @Test
    @DisplayName("Non continuous records")
    public void testNonContinuousRecords() {
        ArrayList<Record> records = new ArrayList<>();
        records.add(new Record(2, 0));
        records.add(new Record(4, 2));
        records.add(new Record(1, 0));
        records.add(new Record(0, 0));

        BuildTree test = new BuildTree();

        assertThatExceptionOfType(InvalidRecordsException.class)
                .isThrownBy(() -> test.buildTree(records))
                .withMessage("Invalid Records");
    }

    @Test
    @DisplayName("Cycle indirectly")
    public void testCycleIndirectly() {
        ArrayList<Record> records = new ArrayList<>();
        records.add(new Record(5, 2));
        records.add(new Record(3, 2));
        records.add(new Record(2, 6));
        records.add(new Record(4, 1));
        records.add(new Record(1, 0));
        records.add(new Record(0, 0));
        records.add(new Record(6, 3));

        BuildTree test = new BuildTree();

        assertThatExceptionOfType(InvalidRecordsException.class)
                .isThrownBy(() -> test.buildTree(records))
                .withMessage("Invalid Records");
    }

    private void assertNodeIsLeaf(TreeNode node) {
        assertThat(node.getChildren().size()).isEqualTo(0);
    }

    private void assertNodeIsBranchWithNNumberOfChildren(TreeNode node, int childrenCount) {
        assertThat(node.getChildren().size()).isEqualTo(childrenCount);
    }

    // localagentbench: this is a refactoring exercise, and the stub already passes every other test. The code
    // under test must differ from the stub below beyond comments and layout: the top-level types, imports and
    // package names javac parses from every .java file the grading command compiles (under src/) but the task's
    // own test files, printed by javac (no comments, one layout), however they are split over files.
    @Test
    public void codeUnderTestChangedFromStub() throws java.io.IOException {
        java.util.List<String> stub = java.util.List.of(
            "import java.util.ArrayList;\nimport java.util.Comparator;\n\nclass BuildTree {\n\n    TreeNode buildTree(ArrayList<Record> records) throws InvalidRecordsException {\n        records.sort(Comparator.comparing(Record::getRecordId));\n        ArrayList<Integer> orderedRecordIds = new ArrayList<>();\n\n        for (Record record : records) {\n            orderedRecordIds.add(record.getRecordId());\n        }\n\n        if (records.size() > 0) {\n            if (orderedRecordIds.get(orderedRecordIds.size() - 1) != orderedRecordIds.size() - 1) {\n                throw new InvalidRecordsException(\"Invalid Records\");\n            }\n            if (orderedRecordIds.get(0) != 0) {\n                throw new InvalidRecordsException(\"Invalid Records\");\n            }\n        }\n\n        ArrayList<TreeNode> treeNodes = new ArrayList<>();\n\n        for (int i = 0; i < orderedRecordIds.size(); i++) {\n            for (Record record : records) {\n                if (orderedRecordIds.get(i) == record.getRecordId()) {\n                    if (record.getRecordId() == 0 && record.getParentId() != 0) {\n                        throw new InvalidRecordsException(\"Invalid Records\");\n                    }\n                    if (record.getRecordId() < record.getParentId()) {\n                        throw new InvalidRecordsException(\"Invalid Records\");\n                    }\n                    if (record.getRecordId() == record.getParentId() && record.getRecordId() != 0) {\n                        throw new InvalidRecordsException(\"Invalid Records\");\n                    }\n                    treeNodes.add(new TreeNode(record.getRecordId()));\n                }\n            }\n        }\n\n        for (int i = 0; i < orderedRecordIds.size(); i++) {\n            TreeNode parent;\n            for (TreeNode n: treeNodes) {\n                if (i == n.getNodeId()) {\n                    parent = n;\n                    for (Record record : records) {\n                        if (record.getParentId() == i) {\n                            for (TreeNode node : treeNodes) {\n                                if (node.getNodeId() == 0) {\n                                    continue;\n                                }\n                                if (record.getRecordId() == node.getNodeId()) {\n                                    parent.getChildren().add(node);\n                                }\n                            }\n                        }\n                    }\n                    break;\n                }\n            }\n\n        }\n\n        if (treeNodes.size() > 0) {\n            return treeNodes.get(0);\n        }\n\n        return null;\n    }\n\n}\n",
            "class InvalidRecordsException extends Exception {\n\n    InvalidRecordsException(String message) {\n        super(message);\n    }\n}\n",
            "class Record {\n    private int recordId;\n    private int parentId;\n\n    public Record(int recordId, int parentId) {\n        this.recordId = recordId;\n        this.parentId = parentId;\n    }\n\n    int getParentId() {\n        return parentId;\n    }\n\n    int getRecordId() {\n        return recordId;\n    }\n}\n",
            "import java.util.ArrayList;\n\nclass TreeNode {\n    private int nodeId;\n    private ArrayList<TreeNode> children;\n\n    TreeNode(int nodeId) {\n        this.nodeId = nodeId;\n        this.children = new ArrayList<>();\n    }\n\n    int getNodeId() {\n        return nodeId;\n    }\n\n    ArrayList<TreeNode> getChildren() {\n        return children;\n    }\n}\n");
        java.util.Set<String> taskTests = java.util.Set.of("src/test/java/BuildTreeTest.java");
        java.util.List<String> now = new java.util.ArrayList<>();
        java.nio.file.Path src = java.nio.file.Paths.get("src");
        java.util.List<java.nio.file.Path> paths;
        try (java.util.stream.Stream<java.nio.file.Path> walk = java.nio.file.Files.walk(src)) {
            paths = walk.filter(p -> p.getFileName().toString().endsWith(".java")).sorted()
                .collect(java.util.stream.Collectors.toList());
        }
        for (java.nio.file.Path path : paths) {
            if (!taskTests.contains(path.toString().replace(java.io.File.separatorChar, '/'))) {
                now.add(java.nio.file.Files.readString(path, java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        if (localagentbenchProgram(now).equals(localagentbenchProgram(stub))) {
            org.junit.jupiter.api.Assertions.fail("the code under test is unchanged from the stub (comments and layout aside): this is a refactoring exercise");
        }
    }

    private static String localagentbenchProgram(java.util.List<String> sources) throws java.io.IOException {
        java.util.List<javax.tools.JavaFileObject> units = new java.util.ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            String source = sources.get(i);
            units.add(new javax.tools.SimpleJavaFileObject(java.net.URI.create("string:///Unit" + i + ".java"),
                    javax.tools.JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source;
                }
            });
        }
        javax.tools.DiagnosticCollector<javax.tools.JavaFileObject> errors = new javax.tools.DiagnosticCollector<>();
        com.sun.source.util.JavacTask task = (com.sun.source.util.JavacTask) javax.tools.ToolProvider
            .getSystemJavaCompiler().getTask(null, null, errors, java.util.List.of("-proc:none"), null, units);
        java.util.List<String> decls = new java.util.ArrayList<>();
        java.util.Set<String> imports = new java.util.TreeSet<>();
        for (com.sun.source.tree.CompilationUnitTree unit : task.parse()) {
            imports.add("package " + unit.getPackageName());
            for (com.sun.source.tree.ImportTree tree : unit.getImports()) {
                imports.add(tree.toString().strip());
            }
            for (com.sun.source.tree.Tree tree : unit.getTypeDecls()) {
                decls.add(tree.toString().strip());
            }
        }
        for (javax.tools.Diagnostic<?> d : errors.getDiagnostics()) {
            if (d.getKind() == javax.tools.Diagnostic.Kind.ERROR) {
                org.junit.jupiter.api.Assertions.fail("parsing the code under test: " + d.getMessage(null));
            }
        }
        java.util.Collections.sort(decls);
        decls.addAll(imports);
        return String.join("\0", decls);
    }
}
